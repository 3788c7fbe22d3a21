import { randomInt } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addPhoto, moderatePhoto, newPerson } from '../data';
import { FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsClient } from '../fixtures';

/**
 * Chromium's fake camera plays this file in a loop: 60 frames of 320×240 (YUV 4:2:0), each a
 * different pattern drawn at random for this run, so two photos are never the same bytes and no
 * earlier run's selfie is sent again (the server refuses a reused one).
 */
function writeCameraFixture(): string {
  const width = 320;
  const height = 240;
  const frames: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`)];
  for (let frame = 0; frame < 60; frame++) {
    const luma = Buffer.alloc(width * height);
    const shade = randomInt(256);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) luma[y * width + x] = (x + y * 2 + shade + frame * 4) & 0xff;
    const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, randomInt(256));
    frames.push(Buffer.from('FRAME\n'), luma, chroma);
  }
  const file = path.join(tmpdir(), `cita-selfie-camera-${process.pid}.y4m`);
  writeFileSync(file, Buffer.concat(frames));
  return file;
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
test.use({
  viewport: { width: 360, height: 740 },
  launchOptions: {
    executablePath: existsSync(chromium) ? chromium : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${writeCameraFixture()}`,
    ],
  },
});

test('en /verificacion da su consentimiento, la cámara toma un gesto por foto y sus selfies quedan en revisión', async ({
  page,
  baseURL,
}) => {
  const person = await newPerson(baseURL!, { gender: 1 });
  await moderatePhoto(baseURL!, await addPhoto(baseURL!, person), { status_id: 2 });
  await loginAsClient(page, person.email, FRESH_PASSWORD);
  await page.goto('/verificacion');
  await expect(page.getByRole('heading', { name: 'Verificación' })).toBeVisible();
  const open = page.getByRole('button', { name: 'Abrir la cámara' });
  await expect(open).toBeDisabled();
  await expect(page.locator('input[type=file]')).toHaveCount(0);
  await page.getByLabel(/Doy mi consentimiento expreso/).check();
  await open.click();
  await expect(page.getByText('Foto 1 de 2')).toBeVisible();
  const video = page.getByLabel('Vista de la cámara');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth))
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Tomar la foto 1' }).click();
  await expect(page.getByText('Foto 2 de 2')).toBeVisible();
  await page.getByRole('button', { name: 'Tomar la foto 2' }).click();
  await expect(
    page.getByText('Recibimos tus selfies: una persona del equipo las revisará pronto.'),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
