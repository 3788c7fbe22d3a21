import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/shared/contracts/admin';
import { insertAdvert, insertClient, insertEvent, signUp } from '../../support/admin-fixtures';
import { type Agent, type StartedTestApp, startTestApp } from '../../support/test-app';

let testApp: StartedTestApp;
let admin: Agent;
beforeAll(async () => {
  testApp = await startTestApp({ seedDemo: false });
  admin = testApp.agent();
  await admin.loginAdmin();
  // A second admin named Ana acts, so the sentence carries the actor's name.
  const added = await admin.post('admin/add', {
    admin: { name: 'Ana', email: 'ana.auditoria@pruebas.mx', password: 'clave-de-ana-123' },
  });
  expect(added.statusCode).toBe(200);
  admin = testApp.agent();
  await admin.loginAdmin('ana.auditoria@pruebas.mx', 'clave-de-ana-123');
});
afterAll(async () => testApp?.close());

async function latest(): Promise<AuditEntry> {
  const response = await admin.post<{ entries: AuditEntry[] }>('admin/audit/get', {});
  expect(response.statusCode).toBe(200);
  return response.body.entries[0] as AuditEntry;
}

describe('admin/audit/get as sentences (docs/design/14-back-office.md)', () => {
  it("tells an approval as 'Ana aprobó el anuncio de Lucía R.' with a link to her", async () => {
    const lucia = await insertClient(testApp.app, { first_name: 'Lucía', last_name: 'Ramírez' });
    const advert = await insertAdvert(testApp.app, lucia.id, {
      status_id: 2,
      description_update: 'Hola, soy Lucía',
    });
    const approved = await admin.post('admin/clients/update', {
      advert: { id: advert, status_id: 1, description: 'Hola, soy Lucía' },
    });
    expect(approved.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      sentence: 'Ana aprobó el anuncio de Lucía R.',
      link: `/admin/clients?search=${encodeURIComponent(lucia.email)}`,
    });
  });

  it('tells event and attendance changes with the event name and a link to it', async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Noche de salsa' });
    const marta = await insertClient(testApp.app, { first_name: 'Marta', last_name: 'Soto' });
    const assistance = await signUp(testApp.app, eventId, marta.id);
    expect(
      (await admin.post('event/update', { assistance: { id: assistance, status_id: 2 } })).statusCode,
    ).toBe(200);
    expect(await latest()).toMatchObject({
      sentence: 'Ana confirmó la asistencia de Marta S. a «Noche de salsa».',
      link: `/admin/event/${eventId}`,
    });
    expect(
      (await admin.post('event/update', { contacted: { id: assistance, contacted: 1 } })).statusCode,
    ).toBe(200);
    expect((await latest()).sentence).toBe(
      'Ana marcó como contactada la inscripción de Marta S. a «Noche de salsa».',
    );
  });

  it('tells a client deletion and never shows raw codes or JSON', async () => {
    const pedro = await insertClient(testApp.app, { first_name: 'Pedro', last_name: 'Núñez' });
    expect(
      (await admin.post('admin/clients/update', { client: { id: pedro.id, status_id: 2 } })).statusCode,
    ).toBe(200);
    const entry = await latest();
    expect(entry.sentence).toBe('Ana eliminó la cuenta de Pedro N.');
    const response = await admin.post<{ entries: AuditEntry[] }>('admin/audit/get', {});
    for (const { sentence } of response.body.entries) {
      expect(sentence).not.toMatch(/[{}_]|\b(client|advert|event|assistance|admin|interest)\.[a-z]/);
      expect(sentence).toMatch(/^Ana |^Administrador /);
    }
  });
});
