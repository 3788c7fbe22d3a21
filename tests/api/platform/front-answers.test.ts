import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { personWithAdvert } from '../people/helpers';

/**
 * The public lists' kept answers go out before routing (decision 0056). Over a real socket: Fastify's
 * inject, which the other suites use, never passes through the server's request listener.
 */
const testApp = setUpTestApp({ seedDemo: false });
let port = 0;

beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as AddressInfo).port;
  // Lists long enough to be compressed (1 KB and more), as a real site's are.
  for (let index = 0; index < 8; index++) {
    await personWithAdvert(
      testApp,
      { first_name: `Persona${index}` },
      { description: `Me gusta bailar salsa los viernes y caminar por Chapultepec los domingos (${index}).` },
    );
    await insertEvent(testApp.app, { name: `Noche de citas rápidas número ${index}`, day: '2030-03-01' });
  }
});

interface RawAnswer {
  status: number;
  /** Names and values in the order they were sent, without Date. */
  headers: string[];
  body: Buffer;
}

/** A POST as a browser sends it, read byte for byte (no decompression). */
function post(
  call: string,
  payload: string | Buffer,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/${call}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headerPairs: string[] = [];
          for (let index = 0; index < response.rawHeaders.length; index += 2) {
            const name = response.rawHeaders[index]!;
            if (name.toLowerCase() !== 'date') headerPairs.push(`${name}: ${response.rawHeaders[index + 1]}`);
          }
          resolve({ status: response.statusCode ?? 0, headers: headerPairs, body: Buffer.concat(chunks) });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function frontAnswered(): Promise<number> {
  return (await testApp.app.metrics.frontAnswers.get()).values[0]?.value ?? 0;
}

function messageOf(answer: RawAnswer): string {
  return JSON.parse(answer.body.toString()).message;
}

describe('public lists answered before routing (decision 0056)', () => {
  for (const call of ['event/get', 'adverts/get']) {
    for (const encoding of ['', 'gzip', 'br', 'gzip, deflate, br, zstd']) {
      it(`${call}, Accept-Encoding «${encoding}»: the kept answer is the route's own bytes and headers`, async () => {
        testApp.app.readCache.invalidate();
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const before = await frontAnswered();
        const fromRoute = await post(call, '{}', headers);
        expect(await frontAnswered()).toBe(before);
        const fromFront = await post(call, '{}', headers);
        expect(await frontAnswered()).toBe(before + 1);
        expect(fromRoute.status).toBe(200);
        expect(fromFront).toEqual(fromRoute);
        expect(fromFront.headers).toContain('vary: Accept-Encoding');
      });
    }
  }

  it('keeps one answer per filter and page: each body gets the list it asks for', async () => {
    const women = { gender: 1, offset: 0, limit: 3 };
    await post('adverts/get', JSON.stringify(women));
    const fromFront = await post('adverts/get', JSON.stringify(women));
    const everyone = await post('adverts/get', JSON.stringify({ offset: 0, limit: 5 }));
    // inject calls Fastify's handler directly: the route's own answer.
    const viaRoute = await testApp.app.inject({ method: 'POST', url: '/api/adverts/get', payload: women });
    expect(JSON.parse(fromFront.body.toString())).toEqual(viaRoute.json());
    expect(JSON.parse(everyone.body.toString()).adverts).toHaveLength(5);
  });

  it('hands to the route what it cannot answer: its refusals and Spanish messages are the route’s', async () => {
    await post('adverts/get', '{}');
    const before = await frontAnswered();
    const negative = await post('adverts/get', '{"offset":-1}');
    expect(negative.status).toBe(400);
    expect(messageOf(negative)).toBe('Revisa el campo «offset»: No puede ser negativo');
    const notUtf8 = await post('adverts/get', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]));
    expect(notUtf8.status).toBe(400);
    expect(messageOf(notUtf8)).toBe('La solicitud no está codificada en UTF-8');
    const poisoned = await post('event/get', '{"__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
    const notJson = await post('event/get', '{"category":');
    expect(notJson.status).toBe(400);
    const crossSite = await post('adverts/get', '{}', { origin: 'https://otro-sitio.example' });
    expect(crossSite.status).toBe(403);
    expect(messageOf(crossSite)).toBe('La solicitud viene de un sitio no permitido');
    const form = await post('event/get', 'category=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(await frontAnswered()).toBe(before);
  });

  it('never gives a member the visitors’ list: hers leaves out the people she blocked', async () => {
    const ana = await personWithAdvert(testApp, { first_name: 'Ana' });
    const bruno = await personWithAdvert(testApp, { first_name: 'Bruno' });
    expect(
      (await ana.agent.post('client/block', { client_id: ana.id, target_client_id: bruno.id })).statusCode,
    ).toBe(200);
    const page = JSON.stringify({ offset: 0, limit: 50 });
    await post('adverts/get', page);
    const visitors = await post('adverts/get', page);
    const before = await frontAnswered();
    const hers = await post('adverts/get', page, { cookie: ana.agent.cookieHeader() });
    expect(await frontAnswered()).toBe(before);
    const ids = (answer: RawAnswer) =>
      JSON.parse(answer.body.toString()).adverts.map((advert: { id: number }) => advert.id);
    expect(ids(visitors)).toContain(bruno.advertId);
    expect(ids(hers)).not.toContain(bruno.advertId);
  });

  it('drops what it keeps at the next write: a new advert is in the very next answer', async () => {
    const page = JSON.stringify({ offset: 0, limit: 50 });
    await post('adverts/get', page);
    await post('adverts/get', page);
    const carla = await personWithAdvert(testApp, { first_name: 'Carla' });
    const after = await post('adverts/get', page);
    const ids = JSON.parse(after.body.toString()).adverts.map((advert: { id: number }) => advert.id);
    expect(ids).toContain(carla.advertId);
  });

  it('is the door every suite’s agent uses for these calls, so the hostile-input sweep and the permission matrix meet it', async () => {
    const visitor = testApp.agent();
    await visitor.post('event/get', { city: 'monterrey' });
    const before = await frontAnswered();
    const second = await visitor.post('event/get', { city: 'monterrey' });
    expect(second.statusCode).toBe(200);
    expect(second.body.status).toBe('success');
    expect(await frontAnswered()).toBe(before + 1);
  });

  it('writes the request line Fastify writes: path, route, status, address, never the payload', async () => {
    await post('event/get', '{"city":"guadalajara"}');
    await post('event/get', '{"city":"guadalajara"}');
    const deadline = Date.now() + 5000;
    let line: Record<string, any> | undefined;
    while (!line && Date.now() < deadline) {
      line = fs
        .readFileSync(testApp.logFile!, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text))
        .find((entry) => String(entry.reqId).startsWith('front-') && entry.msg === 'request completed');
      if (!line) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(line).toMatchObject({
      req: { method: 'POST', url: '/api/event/get', route: '/api/event/get', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(line)).not.toContain('guadalajara');
  });
});
