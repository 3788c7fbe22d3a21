import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { publicRoutes } from '../tests/support/public-routes';
import { createScratchDatabase, ServerProcess } from '../tests/support/server-process';

/**
 * `npm run bench:web`: builds the web app, starts the real server on a scratch database and runs
 * Lighthouse (mobile, simulated throttling) with the system Chromium on every public route.
 * Prints the four category scores, LCP, CLS and TBT per route, and the landing's initial
 * JavaScript (its script and module preloads) in gzip bytes, beside the targets of issue 12.
 */
const TARGET_SCORE = 95;
const TARGET_LCP_MS = 2000;
const TARGET_CLS = 0.05;
const TARGET_LANDING_JS = 100 * 1024;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web');

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: dist },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const gzipBytes = (file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

/** The JavaScript files the landing's HTML loads: the entry script and its module preloads. */
function initialJsFiles(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
}

/** The landing's initial JavaScript (what its HTML loads before the first paint), gzipped. */
function landingJsGzipBytes(): number {
  return initialJsFiles().reduce((sum, file) => sum + gzipBytes(file), 0);
}

/**
 * Everything the landing runs to become interactive, gzipped: the initial JavaScript plus the app
 * the entry imports after the first paint with the modules Vite preloads for it (its
 * `__vite__mapDeps` list; the landing screen itself is not lazy).
 */
function landingHydrationGzipBytes(): number {
  const files = new Set(initialJsFiles());
  for (const file of [...files]) {
    const list = /__vite__mapDeps=.*?m\.f=\[([^\]]*)\]/.exec(
      fs.readFileSync(path.join(dist, file), 'utf8'),
    )?.[1];
    for (const match of list?.matchAll(/"(assets\/[^"]+\.js)"/g) ?? []) files.add(match[1]!);
  }
  return [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
}

const scratch = await createScratchDatabase();
const server = await ServerProcess.start({
  ...scratch,
  env: { WEB_DIST_DIR: dist, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const events = (await server.post('event/get', {})).body.events as { id: number }[];
  const allRoutes = publicRoutes(events[0]?.id ?? 1);
  // ROUTES=/,/eventos measures only those.
  const routes = process.env.ROUTES ? process.env.ROUTES.split(',') : allRoutes;
  // Lighthouse treats localhost as a secure origin, as it would be behind HTTPS in production.
  const origin = `http://localhost:${server.port}`;
  const table: Record<string, Record<string, string | number>> = {};
  let met = true;
  for (const route of routes) {
    const result = await lighthouse(`${origin}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse no devolvió resultado para ${route}`);
    const scores = CATEGORIES.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
    const tbt = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
    const ok = scores.every((score) => score >= TARGET_SCORE) && lcp <= TARGET_LCP_MS && cls <= TARGET_CLS;
    met &&= ok;
    table[route] = {
      rendimiento: scores[0]!,
      accesibilidad: scores[1]!,
      'buenas prácticas': scores[2]!,
      SEO: scores[3]!,
      'LCP ms': Math.round(lcp),
      CLS: Number(cls.toFixed(3)),
      'TBT ms': Math.round(tbt),
      meta: ok ? 'cumplida' : 'NO cumplida',
    };
    if (lhr.runtimeError)
      console.log(`${route}: Lighthouse falló: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const lcpElement = (
      lhr.audits['largest-contentful-paint-element']?.details as
        | { items?: { items?: { node?: { snippet?: string } }[] }[] }
        | undefined
    )?.items?.[0]?.items?.[0]?.node?.snippet;
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
      .map((audit) => audit.id);
    console.log(
      `${route}: ${scores.join(' / ')}, LCP ${Math.round(lcp)} ms (${lcpElement ?? '?'}), CLS ${cls.toFixed(3)}, TBT ${Math.round(tbt)} ms${failing.length ? `; fallan: ${failing.join(', ')}` : ''}`,
    );
  }
  const landingJs = landingJsGzipBytes();
  met &&= landingJs <= TARGET_LANDING_JS;
  console.log(
    `\nbench:web — Lighthouse ${lighthouseVersion()}, móvil (simulado), metas: ≥ ${TARGET_SCORE} en las cuatro categorías, LCP ≤ ${TARGET_LCP_MS} ms, CLS ≤ ${TARGET_CLS}`,
  );
  console.table(table);
  console.log(
    `JavaScript inicial de la portada: ${landingJs} bytes gzip (${(landingJs / 1024).toFixed(1)} KB; meta ≤ 100 KB): ${landingJs <= TARGET_LANDING_JS ? 'cumplida' : 'NO cumplida'}`,
  );
  const hydration = landingHydrationGzipBytes();
  console.log(
    `JavaScript de la hidratación de la portada (se pide tras la primera pintura): ${hydration} bytes gzip (${(hydration / 1024).toFixed(1)} KB)`,
  );
  console.log('Cifras indicativas: la máquina es compartida.');
  if (!met) process.exitCode = 1;
} finally {
  chrome.kill();
  await server.stop();
  await scratch.drop();
}

function lighthouseVersion(): string {
  const manifest = JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
