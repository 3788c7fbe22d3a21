import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpAgent } from '../support/http-agent';
import { agent } from './cluster';

let admin: HttpAgent;
let adminId: number;
beforeAll(async () => {
  admin = agent();
  adminId = await admin.loginAdmin();
});

/** The image URL the back office shows, read through the given instance (it carries the version). */
async function imageUrl(eventId: number, backend: number): Promise<string> {
  const details = await admin.post<{ event: { image: string | null } }>(
    'event/details',
    { admin_id: adminId, event_id: eventId },
    { backend },
  );
  expect(details.statusCode).toBe(200);
  expect(details.body.event.image).toEqual(expect.any(String));
  return details.body.event.image!;
}

async function pngDataUrl(color: string): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: color } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function dominantRed(image: Buffer): Promise<number> {
  const { dominant } = await sharp(image).stats();
  return dominant.r;
}

describe('event images across instances', () => {
  it('serves through one instance an image uploaded through the other, and its replacement', async () => {
    const created = await admin.post<{ event_id: number }>(
      'event/add',
      { event: { name: 'Evento con imagen en clúster' }, image: await pngDataUrl('#c2410c') },
      { backend: 0 },
    );
    expect(created.statusCode).toBe(200);
    const id = created.body.event_id;
    const first = await admin.get(await imageUrl(id, 1), { backend: 1 });
    expect(first.backend).toBe(1);
    expect(first.statusCode).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(await dominantRed(first.body)).toBeGreaterThan(150);

    const replaced = await admin.post(
      'event/update',
      { event: { id, name: 'Evento con imagen nueva' }, image: await pngDataUrl('#1d4ed8') },
      { backend: 1 },
    );
    expect(replaced.statusCode).toBe(200);
    const second = await admin.get(await imageUrl(id, 0), { backend: 0 });
    expect(second.backend).toBe(0);
    expect(second.statusCode).toBe(200);
    expect(await dominantRed(second.body)).toBeLessThan(100);
  });
});
