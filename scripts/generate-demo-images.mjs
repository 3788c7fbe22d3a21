// Renders the demo category pictures (SVG artwork → WebP) into src/web/public/img/categories/.
// They carry no text: the pages print the event's name beside the picture (design §10).
// Run it after changing the artwork: `node scripts/generate-demo-images.mjs`. The images are
// committed, so neither the build nor CI runs this.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT_DIR = path.resolve('src/web/public/img/categories');
const WIDTH = 1200;
const HEIGHT = 675;
const PHONE_WIDTH = 600;
const PHONE_HEIGHT = 338;
const MAX_BYTES = 60 * 1024;

const HEART =
  'M0 -18 C -10 -38 -42 -30 -40 -6 C -38 14 -12 28 0 42 C 12 28 38 14 40 -6 C 42 -30 10 -38 0 -18 Z';

/** One motif per category, drawn around x = 900 and moved to the middle by artwork(). */
const MOTIFS = {
  'match-making': `
    <g transform="translate(860 330) scale(3.2) rotate(-12)" fill="#fff" opacity=".9"><path d="${HEART}"/></g>
    <g transform="translate(990 430) scale(1.9) rotate(14)" fill="#ffd6c9" opacity=".85"><path d="${HEART}"/></g>
    <path d="M700 520 C 800 420 900 620 1080 470" stroke="#fff" stroke-width="6" fill="none" stroke-dasharray="4 16" stroke-linecap="round" opacity=".7"/>`,
  'speed-dating': `
    <circle cx="900" cy="330" r="170" fill="none" stroke="#fff" stroke-width="18" opacity=".9"/>
    <path d="M900 330 L900 210 M900 330 L990 380" stroke="#fff" stroke-width="16" stroke-linecap="round"/>
    <rect x="870" y="130" width="60" height="26" rx="8" fill="#fff"/>
    <g transform="translate(1065 520) scale(1.3)" fill="#ffd6c9"><path d="${HEART}"/></g>`,
  networking: `
    <g stroke="#fff" stroke-width="6" opacity=".8">
      <line x1="760" y1="230" x2="930" y2="330"/><line x1="930" y1="330" x2="1080" y2="220"/>
      <line x1="930" y1="330" x2="860" y2="510"/><line x1="930" y1="330" x2="1060" y2="480"/>
    </g>
    <g fill="#fff"><circle cx="930" cy="330" r="46"/><circle cx="760" cy="230" r="32"/>
      <circle cx="1080" cy="220" r="30"/><circle cx="860" cy="510" r="34"/><circle cx="1060" cy="480" r="28"/></g>
    <g transform="translate(930 330) scale(.8)" fill="#c2410c"><path d="${HEART}"/></g>`,
  'encuentra-tribu': `
    <path d="M700 600 L860 300 L960 460 L1040 360 L1200 600 Z" fill="#fff" opacity=".85"/>
    <path d="M860 300 L905 375 L875 365 L840 395 Z" fill="#fde2cf"/>
    <circle cx="1040" cy="190" r="62" fill="#ffe7a8"/>
    <g transform="translate(760 170) scale(1.1)" fill="#fff" opacity=".8"><path d="${HEART}"/></g>`,
  'elite-experience': `
    <path d="M860 200 h110 l-10 120 a45 45 0 0 1 -90 0 Z" fill="none" stroke="#fff" stroke-width="10"/>
    <path d="M915 365 v120 M870 490 h90" stroke="#fff" stroke-width="10" stroke-linecap="round"/>
    <path d="M872 270 h86 l-4 50 a40 40 0 0 1 -78 0 Z" fill="#f9d67a"/>
    <g fill="#f9d67a"><circle cx="1060" cy="220" r="8"/><circle cx="780" cy="300" r="6"/><circle cx="1090" cy="420" r="10"/></g>
    <g transform="translate(1040 520) scale(1.1)" fill="#fff" opacity=".85"><path d="${HEART}"/></g>`,
  'blind-date': `
    <path d="M720 330 C 800 250 1040 250 1120 330 C 1040 410 800 410 720 330 Z" fill="#fff" opacity=".92"/>
    <circle cx="850" cy="330" r="44" fill="#7c2d3a"/><circle cx="990" cy="330" r="44" fill="#7c2d3a"/>
    <path d="M894 330 h52" stroke="#fff" stroke-width="8"/>
    <g transform="translate(920 520) scale(1.4)" fill="#ffd6c9"><path d="${HEART}"/></g>`,
  party: `
    <g fill="#fff"><circle cx="920" cy="300" r="120" opacity=".9"/></g>
    <g stroke="#7c2d3a" stroke-width="4" opacity=".5"><path d="M800 300 h240 M920 180 v240 M835 215 l170 170 M1005 215 l-170 170"/></g>
    <path d="M920 110 v70" stroke="#fff" stroke-width="6"/>
    <g fill="#ffe7a8"><rect x="720" y="470" width="18" height="18" rx="3" transform="rotate(20 729 479)"/>
      <rect x="1090" y="500" width="16" height="16" rx="3" transform="rotate(-25 1098 508)"/>
      <circle cx="1120" cy="200" r="10"/><circle cx="730" cy="180" r="8"/></g>
    <g transform="translate(1050 470) scale(1.1)" fill="#ffd6c9"><path d="${HEART}"/></g>`,
};

/** Warm gradients: rose, coral, terracotta, amber, plum. */
const PALETTES = {
  'match-making': ['#b4233c', '#f0776b'],
  'speed-dating': ['#c2410c', '#f59e6b'],
  networking: ['#9a3412', '#fb923c'],
  'encuentra-tribu': ['#b45309', '#f4a261'],
  'elite-experience': ['#4a1d2e', '#9f1239'],
  'blind-date': ['#7c2d3a', '#e76f83'],
  party: ['#86198f', '#f472b6'],
};

function artwork(category) {
  const [from, to] = PALETTES[category];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx=".75" cy=".4" r=".6">
      <stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
  <circle cx="120" cy="80" r="220" fill="#fff" opacity=".06"/>
  <circle cx="1150" cy="700" r="260" fill="#fff" opacity=".07"/>
  <circle cx="240" cy="520" r="150" fill="#fff" opacity=".05"/>
  <g transform="translate(-300 0)">${MOTIFS[category]}</g>
</svg>`;
}

async function render(svg, width, height, file) {
  const data = await sharp(Buffer.from(svg))
    .resize(width, height)
    .webp({ quality: 72, effort: 6 })
    .toBuffer();
  if (data.length > MAX_BYTES) throw new Error(`${file} pesa ${data.length} bytes (máximo ${MAX_BYTES})`);
  fs.writeFileSync(path.join(OUT_DIR, file), data);
  console.log(`${file}: ${(data.length / 1024).toFixed(1)} KB`);
}

fs.mkdirSync(OUT_DIR, { recursive: true });
for (const category of Object.keys(MOTIFS)) {
  const svg = artwork(category);
  await render(svg, WIDTH, HEIGHT, `${category}.webp`);
  await render(svg, PHONE_WIDTH, PHONE_HEIGHT, `${category}-600.webp`);
}
