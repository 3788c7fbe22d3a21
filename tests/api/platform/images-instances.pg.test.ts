import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { insertEvent } from '../../support/admin-fixtures';
import { dataUrl, pngBytes } from '../../support/images';
import { Agent, type StartedTestApp, startTestApp } from '../../support/test-app';

let first: StartedTestApp;
let second: FastifyInstance;
let secondDataDir: string;
beforeAll(async () => {
  first = await startTestApp({ seedDemo: false });
  // Another instance on the same PostgreSQL database with a data folder of its own.
  secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-test-second-'));
  second = await buildApp({ ...first.config, dataDir: secondDataDir }, { logger: false });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  fs.rmSync(secondDataDir, { recursive: true, force: true });
});

async function eventImage(agent: Agent, eventId: number): Promise<string> {
  const response = await agent.post<{ event: { image: string } }>('event/details', { event_id: eventId });
  expect(response.statusCode).toBe(200);
  return response.body.event.image;
}

describe('two instances on one PostgreSQL', () => {
  it('serves through one instance the image uploaded through the other, and follows its replacement', async () => {
    const eventId = await insertEvent(first.app);
    const adminOnFirst = first.agent();
    await adminOnFirst.loginAdmin();
    const upload = await adminOnFirst.post('event/update', {
      event: { id: eventId, name: 'Subida en la primera' },
      image: dataUrl(await pngBytes(800, 450, '#dc2626')),
    });
    expect(upload.statusCode).toBe(200);

    const onSecond = new Agent(second);
    const url = await eventImage(onSecond, eventId);
    const served = await second.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 });
    expect(fs.readdirSync(secondDataDir)).not.toContain('images');

    const adminOnSecond = new Agent(second);
    await adminOnSecond.loginAdmin();
    const replaced = await adminOnSecond.post('event/update', {
      event: { id: eventId, name: 'Cambiada en la segunda' },
      image: dataUrl(await pngBytes(500, 500, '#2563eb')),
    });
    expect(replaced.statusCode).toBe(200);
    const newUrl = await eventImage(first.agent(), eventId);
    expect(newUrl).not.toBe(url);
    expect((await first.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(200);
    expect((await first.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
