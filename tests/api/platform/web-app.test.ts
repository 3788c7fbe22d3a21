import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { type StartedTestApp, startTestApp } from '../../support/test-app';

let testApp: StartedTestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="es-MX"><head><meta name="description" content="Cita" /><title>Cita</title></head><body><div id="root"></div><noscript>${'Cita. '.repeat(300)}</noscript></body></html>`,
  );
  fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.mkdirSync(path.join(dist, 'islands', '.vite'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'islands', '.vite', 'manifest.json'),
    JSON.stringify({
      'islands/start-islands.ts': { file: 'assets/start-islands-abc123.js', isEntry: true },
      '_preact.js': { file: 'assets/preact-abc123.js' },
    }),
  );
  const big = `export const text = ${JSON.stringify('Cita '.repeat(2000))};`;
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), big);
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(big));
  testApp = await startTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://cita.example.mx' } });
});
afterAll(async () => {
  await testApp?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

function decode(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  return response.rawPayload.toString('utf8');
}

function jsonLdOf(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

describe('compression', () => {
  it('compresses pages, JSON and precompressed assets with brotli or gzip, as asked', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const page = await get('/eventos', { 'accept-encoding': encoding });
      expect(page.headers['content-encoding'], `page ${encoding}`).toBe(encoding);
      expect(decode(page)).toContain('<div id="root"');

      const api = await testApp.app.inject({
        method: 'POST',
        url: '/api/event/get',
        headers: { 'accept-encoding': encoding, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(api.headers['content-encoding'], `api ${encoding}`).toBe(encoding);
      expect(JSON.parse(decode(api)).status).toBe('success');

      const asset = await get('/assets/big-abc123.js', { 'accept-encoding': `${encoding}, identity` });
      expect(asset.headers['content-encoding'], `asset ${encoding}`).toBe(encoding);
      expect(decode(asset)).toContain('export const text');
      expect(asset.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('serves the cached public answers in the encoding each client accepts, all with the same content', async () => {
    const post = (url: string, acceptEncoding?: string) =>
      testApp.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        payload: '{}',
      });
    for (const [name, send] of [
      ['event/get', (encoding?: string) => post('/api/event/get', encoding)],
      ['adverts/get', (encoding?: string) => post('/api/adverts/get', encoding)],
      ['/eventos', (encoding?: string) => get('/eventos', encoding ? { 'accept-encoding': encoding } : {})],
    ] as const) {
      const plain = await send();
      expect(plain.headers['content-encoding'], name).toBeUndefined();
      expect(plain.headers.vary, name).toMatch(/accept-encoding/i);
      for (const [accepted, expected] of [
        ['gzip, deflate, br', 'br'],
        ['br;q=0, gzip', 'gzip'],
        ['gzip;q=0.5, br;q=0.9', 'br'],
        ['deflate', undefined],
      ] as const) {
        const response = await send(accepted);
        expect(response.headers['content-encoding'], `${name} ${accepted}`).toBe(expected);
        expect(Number(response.headers['content-length']), `${name} ${accepted}`).toBe(
          response.rawPayload.length,
        );
        expect(decode(response), `${name} ${accepted}`).toBe(plain.body);
      }
    }
  });

  it('sends plain bodies when the client does not ask for compression', async () => {
    for (const response of [
      await get('/eventos'),
      await get('/assets/big-abc123.js'),
      await testApp.app.inject({ method: 'POST', url: '/api/event/get', payload: {} }),
    ]) {
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.length).toBeGreaterThan(100);
    }
  });
});

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root"');
  const end = html.lastIndexOf('</body>');
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

/** The props the server gave one island of the page (decision 0026). */
function islandProps(html: string, name: string): any {
  const attributes = new RegExp(`<div data-island="${name}" data-props="([^"]*)"`).exec(html)?.[1];
  expect(attributes, name).toBeTruthy();
  return JSON.parse(
    attributes!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

function stateOf(html: string): { queries: { queryKey: unknown[]; state: { data: any } }[] } {
  const json = /<script type="application\/json" id="query-state">([^<]*)<\/script>/.exec(html)?.[1];
  expect(json).toBeTruthy();
  return JSON.parse(json!);
}

describe('server rendering', () => {
  it('puts the upcoming events in the HTML of /eventos, which names the islands script and needs no data again', async () => {
    const events = (await testApp.agent().post<{ events: { id: number; name: string }[] }>('event/get', {}))
      .body.events;
    expect(events.length).toBeGreaterThan(1);
    const html = (await get('/eventos')).body;
    const root = rootOf(html);
    for (const event of events) expect(root).toContain(escapeText(event.name));
    expect(html).toContain('<div id="root" data-islands="/islands/assets/start-islands-abc123.js">');
    expect(html).toContain('<div data-island="site-header"');
    expect(html).not.toContain('id="query-state"');
  });

  it('sends the page data only with the islands that read it, and the site frame to pages the browser renders', async () => {
    for (const url of [
      '/',
      '/eventos/speed-dating',
      '/servicios',
      '/servicio/party',
      '/nosotros',
      '/contacto',
      '/aviso-privacidad',
    ]) {
      const html = (await get(url)).body;
      expect(html, url).toContain('data-islands="/islands/assets/start-islands-abc123.js"');
      expect(html, url).not.toContain('id="query-state"');
    }
    const people = (await get('/personas')).body;
    expect(people).toContain('data-islands="/islands/assets/start-islands-abc123.js"');
    expect(people).toContain('<div data-island="people"');
    expect(stateOf(people).queries.map((entry) => JSON.stringify(entry.queryKey))).toContain(
      '["adverts","public",null]',
    );
    // The client area and the forms: the header and footer around a spinner until the app renders.
    for (const url of ['/ingresar', '/asistencias', '/quiz']) {
      const html = (await get(url)).body;
      expect(html, url).toContain('<div id="root" data-shell>');
      expect(html, url).toContain('Cargando…');
      expect(html, url).toContain('Aviso de privacidad');
      expect(html, url).not.toContain('data-islands');
    }
    // The back office has a frame of its own.
    expect((await get('/admin/events')).body).toContain('<div id="root"></div>');
  });

  it('puts the next 12 events in the landing carousel, HTML and island props, never a suspended one', async () => {
    for (let day = 10; day < 24; day++)
      await insertEvent(testApp.app, { name: `Carrusel ${day}`, day: `2031-03-${day}` });
    await insertEvent(testApp.app, { name: 'Carrusel suspendido', day: '2026-12-31', status_id: 3 });
    const events = (
      await testApp.agent().post<{ events: { id: number; status_id: number }[] }>('event/get', {})
    ).body.events;
    const expected = events.filter((event) => event.status_id !== 3).slice(0, 12);
    expect(events.length).toBeGreaterThan(13);
    const html = (await get('/')).body;
    expect(islandProps(html, 'event-carousel').events.map((event: { id: number }) => event.id)).toEqual(
      expected.map((event) => event.id),
    );
    expect(rootOf(html)).not.toContain('Carrusel suspendido');
    expect(rootOf(html)).not.toContain('Carrusel 23');
  });

  it('pages /eventos by 24 with plain links, keeping the city', async () => {
    for (let day = 1; day <= 12; day++)
      await insertEvent(testApp.app, {
        name: `Paginado ${day}`,
        day: `2032-01-${String(day).padStart(2, '0')}`,
      });
    const events = (await testApp.agent().post<{ events: { name: string }[] }>('event/get', {})).body.events;
    expect(events.length).toBeGreaterThan(24);
    const first = rootOf((await get('/eventos')).body);
    for (const event of events.slice(0, 24)) expect(first).toContain(escapeText(event.name));
    expect(first).not.toContain(escapeText(events[24]!.name));
    expect(first).toContain('href="/eventos?pagina=2"');
    const second = rootOf((await get('/eventos?pagina=2')).body);
    expect(second).toContain(escapeText(events[24]!.name));
    expect(second).not.toContain(escapeText(events[0]!.name));
    expect(second).toContain('href="/eventos"');
    // Past the last page: the last page.
    expect(rootOf((await get('/eventos?pagina=99')).body)).toContain(escapeText(events.at(-1)!.name));
    expect(rootOf((await get('/eventos?ciudad=cdmx&pagina=2')).body)).not.toContain('pagina=3');
  });

  it('renders /eventos?ciudad=… already filtered, so the city filter works without JavaScript', async () => {
    const all = (await testApp.agent().post<{ events: { name: string; city: string }[] }>('event/get', {}))
      .body.events;
    const city = all[0]!.city;
    const inCity = all.filter((event) => event.city === city);
    const elsewhere = all.filter((event) => event.city !== city);
    expect(elsewhere.length).toBeGreaterThan(0);
    const html = (await get(`/eventos?ciudad=${city}`)).body;
    const root = rootOf(html);
    // The first page of 24 (the list is paged).
    for (const event of inCity.slice(0, 24)) expect(root).toContain(escapeText(event.name));
    for (const event of elsewhere) expect(root).not.toContain(escapeText(event.name));
    // An unknown city is a typed link, not a form to refuse: every city is shown.
    const unknown = rootOf((await get('/eventos?ciudad=atlantida')).body);
    for (const event of all.slice(0, 24)) expect(unknown).toContain(escapeText(event.name));
  });

  it('sends /eventos/{id} to the event page', async () => {
    const [event] = (await testApp.agent().post<{ events: { id: number }[] }>('event/get', {})).body.events;
    const response = await get(`/eventos/${event!.id}`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/evento/${event!.id}`);
  });

  it('renders an event page with its name and prices, and the adverts of /personas', async () => {
    const [event] = (await testApp.agent().post<{ events: { id: number; name: string }[] }>('event/get', {}))
      .body.events;
    const page = await get(`/evento/${event!.id}`);
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toContain(escapeText(event!.name));

    const adverts = await testApp.agent().post<{ adverts: { description: string }[] }>('adverts/get', {});
    const people = rootOf((await get('/personas')).body);
    expect(people).toContain(escapeText(adverts.body.adverts[0]!.description.slice(0, 20)));
  });

  it('renders /personas for visitors with the blurred photos only: no clear variant in the HTML', async () => {
    const adverts = await testApp
      .agent()
      .post<{ adverts: { photo: string | null }[] }>('adverts/get', { offset: 0, limit: 6 });
    const photos = adverts.body.adverts.map((advert) => advert.photo).filter((photo) => photo !== null);
    expect(photos.length).toBeGreaterThan(0);
    const html = (await get('/personas')).body;
    for (const photo of photos) expect(rootOf(html)).toContain(`src="${photo}"`);
    // Clear variants are named by their width (/images/{id}/{version}/480.webp).
    expect(html).not.toMatch(/\/images\/\d+\/[0-9a-f]+\/\d+\.\w+/);
  });

  it('keeps the CSP: no inline script that would run, and < escaped in island props and page data', async () => {
    const hostile = '</script><script>alert(1)</script>';
    const events = (await testApp.agent().post<{ events: { id: number }[] }>('event/get', {})).body.events;
    await testApp.app.db
      .updateTable('events')
      .set({ name: hostile })
      .where('id', '=', events[0]!.id)
      .execute();
    const adverts = (await testApp.agent().post<{ adverts: { id: number }[] }>('adverts/get', {})).body
      .adverts;
    await testApp.app.db
      .updateTable('adverts')
      .set({ description: hostile })
      .where('id', '=', adverts[0]!.id)
      .execute();
    for (const url of ['/eventos', `/evento/${events[0]!.id}`, '/personas']) {
      const html = (await get(url)).body;
      expect(html, url).not.toContain('<script>alert(1)');
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!);
      for (const attributes of scripts) {
        expect(attributes, url).toMatch(/type="(module|application\/json|application\/ld\+json)"/);
      }
    }
    expect(islandProps((await get(`/evento/${events[0]!.id}`)).body, 'event-actions').event.name).toBe(
      hostile,
    );
    expect(JSON.stringify(stateOf((await get('/personas')).body))).toContain(hostile);
  });
});

/** Text as React writes it into HTML. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

describe('findability', () => {
  it('serves robots.txt as text that points to the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain('Sitemap: https://cita.example.mx/sitemap.xml');
  });

  it('lists the public pages and every upcoming event in sitemap.xml', async () => {
    const events = await testApp.agent().post<{ events: { id: number }[] }>('event/get', {});
    expect(events.body.events.length).toBeGreaterThan(0);
    const response = await get('/sitemap.xml');
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain('https://cita.example.mx/eventos');
    expect(locations).toContain('https://cita.example.mx/aviso-privacidad');
    for (const event of events.body.events) {
      expect(locations).toContain(`https://cita.example.mx/evento/${event.id}`);
    }
  });

  it('gives each public page its own Spanish description and canonical address', async () => {
    const descriptions = new Set<string>();
    for (const url of [
      '/',
      '/eventos',
      '/personas',
      '/servicios',
      '/nosotros',
      '/contacto',
      '/aviso-privacidad',
    ]) {
      const html = (await get(`${url}?utm_source=x`)).body;
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
      expect(description, url).toBeTruthy();
      descriptions.add(description!);
      expect(html, url).toContain(`<link rel="canonical" href="https://cita.example.mx${url}" />`);
    }
    expect(descriptions.size).toBe(7);
  });

  it('describes an event page with schema.org Event JSON-LD in Mexico City time and MXN', async () => {
    const events = await testApp.agent().post<{ events: { id: number }[] }>('event/get', {});
    const id = events.body.events[0]!.id;
    await testApp.app.db
      .updateTable('events')
      .set({
        name: 'Noche </script><script>alert(1)</script>',
        day: '2031-03-14',
        hour: '20:30',
        status_id: 2,
        venue: 'Terraza Cielo',
        address: 'Av. Chapultepec 480, Col. Americana',
        city: 'guadalajara',
        duration_minutes: 150,
      })
      .where('id', '=', id)
      .execute();
    const html = (await get(`/evento/${id}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    const [data] = jsonLdOf(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Noche </script><script>alert(1)</script>',
      startDate: '2031-03-14T20:30:00-06:00',
      endDate: '2031-03-14T23:00:00-06:00',
      eventStatus: 'https://schema.org/EventScheduled',
      url: `https://cita.example.mx/evento/${id}`,
      location: {
        '@type': 'Place',
        name: 'Terraza Cielo',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Av. Chapultepec 480, Col. Americana',
          addressLocality: 'Guadalajara',
          addressCountry: 'MX',
        },
      },
    });
    expect(data!.offers).toHaveLength(2);
    for (const offer of data!.offers) {
      expect(offer).toMatchObject({
        '@type': 'Offer',
        priceCurrency: 'MXN',
        availability: 'https://schema.org/SoldOut',
      });
      expect(Number(offer.price)).toBeGreaterThanOrEqual(0);
    }
    expect(html).toContain(`<link rel="canonical" href="https://cita.example.mx/evento/${id}" />`);
  });
});

describe('the web app', () => {
  it('answers every client-side route with index.html', async () => {
    for (const url of ['/', '/intereses', '/admin/events', '/servicio/party']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"');
    }
  });

  it('answers a malformed address with 400, not a server error', async () => {
    const response = await get('/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'warning', message: 'La dirección no es válida' });
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await get('/api/no-existe');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'warning' });
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await get('/assets/main-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('puts Open Graph tags for the event on /evento/{id}, escaped', async () => {
    const events = await testApp.agent().post<{ events: { id: number; name: string }[] }>('event/get', {});
    const event = events.body.events[0]!;
    await testApp.app.db
      .updateTable('events')
      .set({ name: 'Cena "a ciegas" <Polanco>' })
      .where('id', '=', event.id)
      .execute();
    const response = await get(`/evento/${event.id}`);
    expect(response.body).toContain(
      '<meta property="og:title" content="Cena &#34;a ciegas&#34; &#60;Polanco&#62;" />',
    );
    expect(response.body).toContain(
      `<meta property="og:url" content="https://cita.example.mx/evento/${event.id}" />`,
    );
    expect(response.body).toMatch(/og:image" content="https:\/\/cita\.example\.mx\/img\//);
    expect(response.body).not.toContain('<Polanco>');
  });

  it('answers 404 with the page for an event that does not exist', async () => {
    const response = await get('/evento/999999');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toContain('og:title');
  });
});
