import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/test-app';

let testApp: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="es-MX"><head><title>Cita</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  testApp = await startTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://cita.example.mx' } });
});
afterAll(async () => {
  await testApp?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('the web app', () => {
  it('answers every client-side route with index.html', async () => {
    for (const url of ['/', '/intereses', '/admin/events', '/servicio/party', '/evento/abc']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
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

  it('serves plain index.html for an event that does not exist', async () => {
    const response = await get('/evento/999999');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('og:title');
  });
});
