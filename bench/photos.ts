import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/platform/config';
import { prepareDatabase } from '../src/server/seed/seed';
import { FIXTURE_PASSWORD, insertClient } from '../tests/support/admin-fixtures';
import { median, percentile } from './stats';

/**
 * `npm run bench:photos`: a member uploads a 12-megapixel camera JPEG through client/photos/add
 * (decode, EXIF rotation, three clear WebP sizes and the blurred one, stored in SQLite), RUNS
 * times; prints p50/p95 of the call and the bytes of each variant beside the targets (issue 13):
 * p95 < 1.5 s, the card variant (480 px) ≤ 30 KB.
 */
const RUNS = Number(process.env.RUNS ?? 10);
const P95_TARGET_MS = 1500;
const CARD_TARGET_BYTES = 30 * 1024;

/** A photo-like 4000 × 3000 JPEG: soft shapes and light under camera-like grain, so it compresses like a photo. */
async function cameraJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const scene = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f4a261"/><stop offset=".6" stop-color="#e76f51"/><stop offset="1" stop-color="#264653"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="1400" cy="1300" r="700" fill="#e9c46a" opacity=".8"/>
    <ellipse cx="2700" cy="1900" rx="900" ry="1200" fill="#2a9d8f" opacity=".7"/>
    <rect x="300" y="2200" width="3400" height="500" fill="#1d3557" opacity=".6"/>
  </svg>`);
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: 'Cámara', Model: 'Teléfono' } })
    .toBuffer();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-bench-photos-'));
const config = configFromEnv({
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: 'admin@bench.mx',
  ADMIN_PASSWORD: 'bench-password-1',
  // The bench measures photos: no payment provider or PAC to start or to configure.
  PAYMENTS: 'off',
  INVOICES: 'off',
});
const app = await buildApp(config, { logger: false });
try {
  await prepareDatabase(app.db, config);
  const client = await insertClient(app);
  const login = await app.inject({
    method: 'POST',
    url: '/api/client/login',
    payload: { access: { email: client.email, password: FIXTURE_PASSWORD } },
  });
  const cookie = login.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
  const call = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/${url}`, headers: { cookie }, payload });

  const jpeg = await cameraJpeg();
  const image = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  console.log(
    `foto: 4000 × 3000 JPEG, ${(jpeg.length / 1024 / 1024).toFixed(2)} MB; ${RUNS} subidas (${os.cpus().length} núcleos)`,
  );
  const times: number[] = [];
  let lastPhotoId = 0;
  for (let run = 0; run < RUNS; run++) {
    if (lastPhotoId) await call('client/photos/delete', { photo_id: lastPhotoId });
    const started = performance.now();
    const response = await call('client/photos/add', { image });
    times.push(performance.now() - started);
    if (response.statusCode !== 200)
      throw new Error(`client/photos/add: ${response.statusCode} ${response.body}`);
    lastPhotoId = response.json().photo.id;
  }
  const variants = await app.db
    .selectFrom('photos')
    .innerJoin('image_variants', 'image_variants.image_id', 'photos.image_id')
    .select([
      'image_variants.variant',
      'image_variants.width',
      'image_variants.height',
      'image_variants.bytes',
    ])
    .where('photos.id', '=', lastPhotoId)
    .orderBy('image_variants.width')
    .execute();
  const p95 = percentile(times, 95);
  console.log(
    `subida → variantes: p50 ${median(times).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (meta p95 < ${P95_TARGET_MS} ms) ${p95 < P95_TARGET_MS ? 'OK' : 'NO CUMPLE'}`,
  );
  for (const variant of variants) {
    const card = variant.variant === '480';
    const note = card
      ? ` (tarjeta; meta ≤ ${CARD_TARGET_BYTES / 1024} KB) ${variant.bytes.length <= CARD_TARGET_BYTES ? 'OK' : 'NO CUMPLE'}`
      : '';
    console.log(
      `  ${variant.variant.padEnd(5)} ${variant.width} × ${variant.height}: ${(variant.bytes.length / 1024).toFixed(1)} KB${note}`,
    );
  }
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
