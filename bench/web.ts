import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_LOGIN } from '../src/server/seed/seed';
import { publicRoutes } from '../tests/support/public-routes';
import { createScratchDatabase, ServerProcess } from '../tests/support/server-process';

/**
 * `npm run bench:web`: builds the web app, starts the real server on a scratch database and runs
 * Lighthouse (mobile, simulated throttling) with the system Chromium on every public route, three
 * times (RUNS). Every run gets a browser of its own, started for it with an empty profile, as a
 * first visitor's (and PageSpeed Insights' or a CI's Lighthouse) would be: one browser kept across
 * runs keeps compiled code and caches that a first visit does not have. Prints per route the median of the four category scores, LCP, CLS, TBT and the
 * script a visitor's phone loads before its first interaction (gzip bytes of every script the
 * page requested), beside the targets of docs/design/19-light-pages.md / issue 25.
 *
 * Then the member pages of docs/design/21-pocket.md (issue 36) as the demo member Mariana: she logs in through
 * the API, and the browser gets what her own browser keeps after logging in — the session cookie and
 * the session hint in localStorage (Lighthouse clears neither by default). For them only rendimiento
 * ≥ 95 and TBT ≤ 150 ms are the target; the other columns are shown for information (a member page
 * is not indexed, and its script is the app's, not §19's 50 KB budget). A conversation's page has
 * the same target (issue 42): the five member pages. LH_REPORTS=<folder> keeps each run's Lighthouse JSON.
 *
 * Last, for information, her first press on each of the four pages on a slow phone (decision
 * 0046): Chromium's own throttling as Lighthouse's devtools mode sets it, an empty cache, the page
 * read to the end (loaded, its worker ready, the app fetched ahead), then a tap on "Abrir menú".
 */
const TARGET_PERFORMANCE = 95;
const TARGET_OTHER_SCORES = 100;
const TARGET_TBT_MS = 150;
const TARGET_LCP_MS = 2000;
const TARGET_CLS = 0.05;
const TARGET_SCRIPT_BYTES = 50 * 1024;
const RUNS = Number(process.env.RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
const MEMBER_ROUTES = ['/asistencias', '/mensajes', '/perfil', '/personas'];
/** Lighthouse's slow 4G phone as its devtools throttling applies it (mobileSlow4G), at 360 px. */
const SLOW_PHONE = { latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675, cpuSlowdown: 4, width: 360 };
const reports = process.env.LH_REPORTS ? path.resolve(process.env.LH_REPORTS) : undefined;
if (reports) fs.mkdirSync(reports, { recursive: true });

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: dist },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** A built script's size as gzip (level 9) would send it. */
function gzipBytes(urlPath: string): number {
  const file = path.join(dist, urlPath);
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
}

interface RunFigures {
  scores: number[];
  lcp: number;
  cls: number;
  tbt: number;
  scriptBytes: number;
  scripts: string[];
  failing: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const scratch = await createScratchDatabase();
const server = await ServerProcess.start({
  ...scratch,
  env: { WEB_DIST_DIR: dist, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
});
/** A new Chromium with a new empty profile (chrome-launcher makes one per launch), for one run. */
async function withFreshChrome<T>(run: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    return await run(chrome.port);
  } finally {
    chrome.kill();
  }
}
const startLoad = loadAverage();
try {
  const events = (await server.post('event/get', {})).body.events as { id: number }[];
  const login = await server.post('client/login', { access: DEMO_LOGIN });
  if (login.statusCode !== 200 || !login.cookie)
    throw new Error(`No se pudo iniciar sesión: ${login.statusCode}`);
  const memberId = login.body.client_id as number;
  const conversations = (await server.post('client/conversations/get', { client_id: memberId }, login.cookie))
    .body.conversations as { id: number }[];
  const conversation = conversations[0] ? [`/mensajes/${conversations[0].id}`] : [];
  // ROUTES=/,/eventos measures only those as a visitor; miembro:/personas as Mariana; "miembro" all hers.
  const selected = process.env.ROUTES?.split(',');
  const visitorRoutes = selected
    ? selected.filter((route) => route.startsWith('/'))
    : publicRoutes(events[0]?.id ?? 1);
  const memberRoutes = selected
    ? selected.flatMap((route) =>
        route === 'miembro'
          ? [...MEMBER_ROUTES, ...conversation]
          : route.startsWith('miembro:')
            ? [route.slice('miembro:'.length)]
            : [],
      )
    : [...MEMBER_ROUTES, ...conversation];
  // Lighthouse treats localhost as a secure origin, as it would be behind HTTPS in production.
  const origin = `http://localhost:${server.port}`;

  /** What Mariana's browser keeps after logging in: the session cookie and the session hint. */
  async function becomeMember(port: number): Promise<void> {
    const [name, value] = login.cookie!.split('=') as [string, string];
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      const page = await browser.newPage();
      await browser.setCookie({
        name,
        value,
        domain: 'localhost',
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
      });
      await page.goto(`${origin}/nosotros`);
      await page.evaluate((id) => localStorage.setItem('client_id', String(id)), memberId);
      await page.close();
    } finally {
      await browser.disconnect();
    }
  }

  /**
   * A member's first press on her page on a slow phone: the page loads with an empty cache, she
   * reads it (the page, its worker and what it fetches in the background are done), then she taps
   * "Abrir menú"; the time runs from the tap to the menu open, measured inside the page.
   */
  async function firstPress(route: string, port: number): Promise<number> {
    await becomeMember(port);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      const page = await browser.newPage();
      const session = await page.createCDPSession();
      await session.send('Network.clearBrowserCache');
      await session.send('Storage.clearDataForOrigin', {
        origin,
        storageTypes: 'service_workers,cache_storage',
      });
      await page.setViewport({
        width: SLOW_PHONE.width,
        height: 740,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      await page.emulateNetworkConditions({
        offline: false,
        latency: SLOW_PHONE.latencyMs,
        download: (SLOW_PHONE.downloadKbps * 1024) / 8,
        upload: (SLOW_PHONE.uploadKbps * 1024) / 8,
      });
      await page.emulateCPUThrottling(SLOW_PHONE.cpuSlowdown);
      await page.goto(`${origin}${route}`, { waitUntil: 'load', timeout: 120_000 });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // Everything the page fetches by itself has arrived (the app's chunks, when it lists them).
      await page.waitForFunction(
        () => {
          const root = document.getElementById('root');
          return !root?.hasAttribute('data-app-chunks') || root.hasAttribute('data-app-fetched');
        },
        { timeout: 120_000, polling: 500 },
      );
      await page.waitForNetworkIdle({ idleTime: 1000, timeout: 120_000 });
      await page.evaluate(() => {
        document.addEventListener(
          'touchstart',
          () => {
            (window as unknown as { pressedAt: number }).pressedAt = performance.now();
          },
          { capture: true, once: true },
        );
      });
      await page.tap('button[aria-label="Abrir menú"]');
      const opened = await page.waitForFunction(
        () =>
          document.querySelector('button[aria-label="Cerrar menú"][aria-expanded="true"]') &&
          performance.now() - (window as unknown as { pressedAt: number }).pressedAt,
        { timeout: 120_000, polling: 'raf' },
      );
      const elapsed = (await opened.jsonValue()) as number;
      await page.close();
      return elapsed;
    } finally {
      await browser.disconnect();
    }
  }

  async function measure(route: string, member: boolean, attempt = 1): Promise<RunFigures> {
    const result = await withFreshChrome(async (port) => {
      if (member) await becomeMember(port);
      return lighthouse(`${origin}${route}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        formFactor: 'mobile',
      });
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse no devolvió resultado para ${route}`);
    if (lhr.runtimeError) {
      // Lighthouse's own advice for a failed trace (NO_NAVSTART and the like) is to run it again;
      // a run without figures is never counted.
      if (attempt < 3) {
        console.log(`${route}: Lighthouse falló (${lhr.runtimeError.code}); se repite la corrida`);
        return measure(route, member, attempt + 1);
      }
      throw new Error(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    if (member && new URL(lhr.finalDisplayedUrl).pathname !== route) {
      throw new Error(`${route}: la página de miembro terminó en ${lhr.finalDisplayedUrl}`);
    }
    if (reports) {
      const name = `${member ? 'miembro' : 'visita'}${route.replaceAll('/', '_')}-${Date.now()}.json`;
      fs.writeFileSync(path.join(reports, name), JSON.stringify(lhr));
    }
    // Lighthouse loads the page and waits for the network to go quiet, without touching it: every
    // script it saw is one a phone loads before its first interaction.
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })
        ?.items ?? [];
    const scripts = requests
      .filter((request) => request.resourceType === 'Script' && request.url.startsWith(origin))
      .map((request) => new URL(request.url).pathname);
    return {
      scores: CATEGORIES.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      scriptBytes: scripts.reduce((sum, script) => sum + gzipBytes(script), 0),
      scripts,
      failing: Object.values(lhr.audits)
        .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
        .map((audit) => audit.id),
    };
  }

  const table: Record<string, Record<string, string | number>> = {};
  let met = true;
  async function measureRoute(route: string, member: boolean): Promise<void> {
    const runs: RunFigures[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(route, member));
    const scores = CATEGORIES.map((_, index) => median(runs.map((run) => run.scores[index]!)));
    const lcp = median(runs.map((run) => run.lcp));
    const cls = median(runs.map((run) => run.cls));
    const tbt = median(runs.map((run) => run.tbt));
    const scriptBytes = median(runs.map((run) => run.scriptBytes));
    const memberTarget = scores[0]! >= TARGET_PERFORMANCE && tbt <= TARGET_TBT_MS;
    const ok = member
      ? memberTarget
      : memberTarget &&
        scores.slice(1).every((score) => score >= TARGET_OTHER_SCORES) &&
        lcp <= TARGET_LCP_MS &&
        cls <= TARGET_CLS &&
        scriptBytes <= TARGET_SCRIPT_BYTES;
    met &&= ok;
    const label = member ? `${route} (miembro)` : route;
    table[label] = {
      rendimiento: scores[0]!,
      accesibilidad: scores[1]!,
      'buenas prácticas': scores[2]!,
      SEO: scores[3]!,
      'LCP ms': Math.round(lcp),
      CLS: Number(cls.toFixed(3)),
      'TBT ms': Math.round(tbt),
      'script KB gzip': Number((scriptBytes / 1024).toFixed(1)),
      meta: ok ? 'cumplida' : 'NO cumplida',
    };
    const failing = [...new Set(runs.flatMap((run) => run.failing))];
    console.log(
      `${label}: rendimiento ${runs.map((run) => run.scores[0]).join(' / ')}, TBT ${runs.map((run) => Math.round(run.tbt)).join(' / ')} ms, LCP ${runs.map((run) => Math.round(run.lcp)).join(' / ')} ms, CLS ${runs.map((run) => run.cls.toFixed(3)).join(' / ')}, script ${(scriptBytes / 1024).toFixed(1)} KB gzip en ${runs[0]!.scripts.length} archivos${failing.length ? `; fallan: ${failing.join(', ')}` : ''} (carga ${loadAverage()})`,
    );
  }
  for (const route of visitorRoutes) await measureRoute(route, false);
  for (const route of memberRoutes) await measureRoute(route, true);
  // The first press on a member page (decision 0046), after Lighthouse, in a browser of its own too.
  const pressed: Record<string, Record<string, string | number>> = {};
  for (const route of memberRoutes.filter((route) => MEMBER_ROUTES.includes(route))) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push(await withFreshChrome((port) => firstPress(route, port)));
    pressed[`${route} (miembro)`] = {
      'primer toque ms (mediana)': Math.round(median(times)),
      corridas: times.map((time) => Math.round(time)).join(' / '),
    };
    console.log(
      `${route}: primer toque ${times.map((time) => Math.round(time)).join(' / ')} ms (carga ${loadAverage()})`,
    );
  }
  console.log(
    `\nbench:web — Lighthouse ${lighthouseVersion()}, móvil (simulado), mediana de ${RUNS} corridas por ruta. Metas de las páginas públicas: rendimiento ≥ ${TARGET_PERFORMANCE}, accesibilidad, buenas prácticas y SEO ${TARGET_OTHER_SCORES}, TBT ≤ ${TARGET_TBT_MS} ms, script antes de la primera interacción ≤ ${TARGET_SCRIPT_BYTES / 1024} KB gzip; se mantienen LCP ≤ ${TARGET_LCP_MS} ms y CLS ≤ ${TARGET_CLS}. Páginas de miembro (Mariana, con sesión): rendimiento ≥ ${TARGET_PERFORMANCE} y TBT ≤ ${TARGET_TBT_MS} ms; lo demás, informativo`,
  );
  console.table(table);
  if (Object.keys(pressed).length) {
    console.log(
      `\nPrimer toque en una página de miembro (informativo): teléfono lento simulado por Chromium (latencia ${SLOW_PHONE.latencyMs} ms, ${(SLOW_PHONE.downloadKbps / 1000).toFixed(2)} Mbit/s, CPU × ${SLOW_PHONE.cpuSlowdown}, ${SLOW_PHONE.width} px), sin caché; la página cargada, su service worker listo y la red en calma, un toque en «Abrir menú» hasta que el menú está abierto`,
    );
    console.table(pressed);
  }
  console.log(`Carga del sistema al empezar: ${startLoad}; al terminar: ${loadAverage()}`);
  console.log(met ? 'Todas las metas se cumplen.' : 'Hay metas sin cumplir.');
  if (!met) process.exitCode = 1;
} finally {
  await server.stop();
  await scratch.drop();
}

function lighthouseVersion(): string {
  const manifest = JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
