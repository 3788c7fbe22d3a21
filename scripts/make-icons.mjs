// The app's icons (web app manifest, Apple's home screen, notifications) drawn from
// src/web/public/favicon.svg with sharp; the PNGs are committed, this remakes them:
//   node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../src/web/public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// Maskable and Apple icons are cropped by the system: the background fills the square, and the
// heart already sits inside the central safe circle (40 % of the size around the centre).
const fullBleed = favicon.replace(/ rx="\d+"/, '');

// Android's status bar shows a notification's badge as a silhouette: the white heart alone.
const badge = favicon.replace(/<rect [^>]*\/>/, '');

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
  { file: 'badge-96.png', size: 96, svg: badge },
];

fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', icon.file));
}
