import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { e2eDataDir } from '../account/helpers';
import { newPerson, signUpForEvent, uniqueWord } from '../data';
import { E2E_ADMIN, loginAsAdmin } from '../fixtures';
import { apiContext, createEvent } from './helpers';

/**
 * Chromium's fake camera plays a Y4M file: the test writes the ticket's QR into it, so the door
 * page's real scanning path (getUserMedia → ZXing → event/update {checkin}) reads it.
 */
const SIDE = 480;
const cameraFile = path.join(e2eDataDir(), 'door-camera.y4m');

function writeCameraFrame(text: string | null): void {
  const luma = Buffer.alloc(SIDE * SIDE, 235);
  if (text !== null) {
    const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
    const scale = Math.floor(SIDE / (modules.size + 8));
    const offset = Math.floor((SIDE - modules.size * scale) / 2);
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (!modules.get(row, col)) continue;
        for (let y = 0; y < scale; y++) {
          luma.fill(
            16,
            (offset + row * scale + y) * SIDE + offset + col * scale,
            (offset + row * scale + y) * SIDE + offset + (col + 1) * scale,
          );
        }
      }
    }
  }
  const chroma = Buffer.alloc((SIDE / 2) * (SIDE / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${SIDE} H${SIDE} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  fs.writeFileSync(cameraFile, Buffer.concat([header, luma, chroma]));
}

// The file must exist when Chromium starts; the test puts the ticket in it before the camera opens.
writeCameraFrame(null);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
test.use({
  launchOptions: {
    executablePath: fs.existsSync(chromium) ? chromium : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ],
  },
});

test('la cámara de la entrada lee el QR del boleto y registra la llegada', async ({ page, baseURL }) => {
  const name = `Cámara ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 1, price_w: 1 });
  const guest = await newPerson(baseURL!);
  await signUpForEvent(baseURL!, guest, eventId, true);
  const admin = await apiContext(baseURL!);
  const login = await admin.post('/api/admin/login', { data: { access: E2E_ADMIN } });
  const { admin_id } = (await login.json()) as { admin_id: number };
  const details = await admin.post('/api/event/details', { data: { admin_id, event_id: eventId } });
  const { assistance } = (await details.json()) as { assistance: { client_id: number; ticket: string }[] };
  await admin.dispose();
  const ticket = assistance.find((attendee) => attendee.client_id === guest.id)?.ticket;
  expect(ticket).toBeTruthy();
  writeCameraFrame(ticket!);

  await page.context().grantPermissions(['camera']);
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}/entrada`);
  await page.getByRole('button', { name: 'Escanear con la cámara' }).click();
  const arrived = page.getByRole('status').filter({ hasText: guest.fullName });
  await expect(arrived).toContainText('Llegada registrada', { timeout: 15_000 });
  await expect(page.getByLabel('Llegadas').getByRole('definition').first()).toHaveText('1');
  await page.getByRole('button', { name: 'Detener cámara' }).click();
  await expect(page.getByRole('button', { name: 'Escanear con la cámara' })).toBeVisible();
});

test('en un teléfono las acciones de la entrada quedan arriba hasta que la cámara se enciende', async ({
  page,
  baseURL,
}) => {
  const eventId = await createEvent(baseURL!, {
    name: `Puerta ${uniqueWord()}`,
    status_id: 1,
    price_m: 1,
    price_w: 1,
  });
  await page.context().grantPermissions(['camera']);
  await page.setViewportSize({ width: 360, height: 640 });
  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}/entrada`);
  const scan = page.getByRole('button', { name: 'Escanear con la cámara' });
  await expect(scan).toBeVisible();
  const counts = (await page.getByLabel('Llegadas').boundingBox())!;
  const before = (await scan.boundingBox())!;
  // Only the page's own spacing between the arrivals and the camera button: no empty block.
  expect(before.y - (counts.y + counts.height)).toBeLessThanOrEqual(44);
  const register = (await page.getByRole('button', { name: 'Registrar' }).boundingBox())!;
  expect(register.y + register.height).toBeLessThanOrEqual(640);
  await expect(page.getByLabel('Vista de la cámara')).toBeHidden();

  // Scanning: the result's place is kept above the preview, so it does not jump at each scan.
  await scan.click();
  const stop = page.getByRole('button', { name: 'Detener cámara' });
  await expect(stop).toBeVisible();
  await expect(page.getByLabel('Vista de la cámara')).toBeVisible();
  const running = (await stop.boundingBox())!;
  expect(running.y - before.y).toBeGreaterThanOrEqual(96);
  await stop.click();
});
