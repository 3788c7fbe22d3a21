import { describe, expect, it } from 'vitest';
import {
  EXPORT_NOTE_NAMES,
  EXPORT_NOTES,
  EXPORT_SECTIONS,
} from '../../../src/shared/domain/personal-data-export';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/domain/privacy';
import { ASSISTANCE_STATUS_LABELS } from '../../../src/shared/domain/statuses';
import {
  insertAdvert,
  insertEvent,
  insertInterest,
  signUp as signUpToEvent,
} from '../../support/admin-fixtures';
import { setUpTestApp, startTestApp } from '../../support/test-app';
import { loggedInClient, quizAnswers } from '../events/helpers';
import { interestRows, personWithAdvert } from '../people/helpers';

const testApp = setUpTestApp({ seedDemo: false });

type Person = Awaited<ReturnType<typeof personWithAdvert>>;

async function advertIdsSeenBy(person: Person | null): Promise<number[]> {
  const agent = person ? person.agent : testApp.agent();
  const ids: number[] = [];
  for (let offset = 0; ; offset += 50) {
    const response = await agent.post<{ adverts: { id: number }[]; total: number }>('adverts/get', {
      offset,
      limit: 50,
    });
    expect(response.statusCode).toBe(200);
    ids.push(...response.body.adverts.map((advert) => advert.id));
    if (offset + 50 >= response.body.total) return ids;
  }
}

async function interests(person: Person) {
  const response = await person.agent.post<{ interested: any[]; mutual: any[] }>('client/interested/get', {});
  return response.body;
}

let emailSequence = 0;
function signUpBody(values: Record<string, unknown> = {}) {
  emailSequence += 1;
  return {
    client: {
      first_name: 'Valeria',
      last_name: 'Núñez',
      email: `valeria.${emailSequence}.${Date.now()}@pruebas.mx`,
      birthday: '1994-05-06',
      gender: 3,
      password: 'una-clave-larga',
      privacy_consent: true,
      ...values,
    },
  };
}

describe('block', () => {
  it('hides both people from each other in adverts/get, ends their interests both ways and is not told', async () => {
    const ana = await personWithAdvert(testApp);
    const bruno = await personWithAdvert(testApp);
    const carla = await personWithAdvert(testApp);
    await ana.agent.post('client/interested/add', { interes: { interested_id: bruno.advertId } });
    await bruno.agent.post('client/interested/add', { interes: { interested_id: ana.advertId } });
    expect((await interests(ana)).mutual).toHaveLength(1);

    const blocked = await ana.agent.post('client/block', { client_id: ana.id, target_client_id: bruno.id });
    expect(blocked.statusCode).toBe(200);

    expect(await advertIdsSeenBy(ana)).not.toContain(bruno.advertId);
    expect(await advertIdsSeenBy(bruno)).not.toContain(ana.advertId);
    expect(await advertIdsSeenBy(ana)).toContain(carla.advertId);
    // Visitors still see both: a block is between two members.
    expect(await advertIdsSeenBy(null)).toEqual(expect.arrayContaining([ana.advertId, bruno.advertId]));
    // The totals agree with the lists: each of the two counts one advert fewer than a visitor does.
    const totalSeenBy = async (agent: typeof ana.agent) =>
      (await agent.post<{ total: number }>('adverts/get', { limit: 1 })).body.total;
    const visitorTotal = await totalSeenBy(testApp.agent());
    expect(await totalSeenBy(ana.agent)).toBe(visitorTotal - 1);
    expect(await totalSeenBy(bruno.agent)).toBe(visitorTotal - 1);
    expect(await totalSeenBy(carla.agent)).toBe(visitorTotal);
    expect(await interestRows(testApp.app, ana.id, bruno.id)).toEqual([]);
    expect(await interests(bruno)).toMatchObject({ interested: [], mutual: [] });

    // Neither can show interest again; the answer is "not available", the same as a hidden advert.
    const again = await bruno.agent.post('client/interested/add', {
      interes: { interested_id: ana.advertId },
    });
    expect(again.statusCode).toBe(404);
    expect(again.body.message).not.toMatch(/bloque/i);
    const back = await ana.agent.post('client/interested/add', {
      interes: { interested_id: bruno.advertId },
    });
    expect(back.statusCode).toBe(404);

    // Bruno's own list of blocks is empty: nothing tells him.
    const brunoBlocks = await bruno.agent.post<{ blocks: unknown[] }>('client/blocks/get', {});
    expect(brunoBlocks.body.blocks).toEqual([]);
    const anaBlocks = await ana.agent.post<{ blocks: any[] }>('client/blocks/get', { client_id: ana.id });
    expect(anaBlocks.body.blocks).toEqual([
      {
        client_id: bruno.id,
        name: expect.stringMatching(/^Cliente\d+ P\.$/),
        created_at: expect.any(String),
      },
    ]);
  });

  it('hides an interest made before the block from the lists even if a row survived', async () => {
    const ana = await personWithAdvert(testApp);
    const bruno = await personWithAdvert(testApp);
    await ana.agent.post('client/block', { target_client_id: bruno.id });
    // A row written around the block (e.g. by an older instance) is still never listed.
    await insertInterest(testApp.app, bruno.id, ana.id);
    expect((await interests(bruno)).interested).toEqual([]);
  });

  it('is idempotent, refuses oneself (400) and unknown people (404); unblock lets them see each other again', async () => {
    const ana = await personWithAdvert(testApp);
    const bruno = await personWithAdvert(testApp);
    expect((await ana.agent.post('client/block', { target_client_id: bruno.id })).statusCode).toBe(200);
    expect((await ana.agent.post('client/block', { target_client_id: bruno.id })).statusCode).toBe(200);
    expect((await ana.agent.post('client/block', { target_client_id: ana.id })).statusCode).toBe(400);
    expect((await ana.agent.post('client/block', { target_client_id: 999_999 })).statusCode).toBe(404);
    // Bruno cannot lift Ana's block.
    await bruno.agent.post('client/unblock', { target_client_id: ana.id });
    expect(await advertIdsSeenBy(bruno)).not.toContain(ana.advertId);
    expect((await ana.agent.post('client/unblock', { target_client_id: bruno.id })).statusCode).toBe(200);
    expect(await advertIdsSeenBy(bruno)).toContain(ana.advertId);
    expect(await advertIdsSeenBy(ana)).toContain(bruno.advertId);
  });
});

describe('report', () => {
  it('reaches the admin queue; resolving with hide_advert hides the advert at once and is audited', async () => {
    const ana = await personWithAdvert(testApp);
    const bruno = await personWithAdvert(testApp);
    const reported = await ana.agent.post<{ report_id: number }>('client/report', {
      client_id: ana.id,
      target_client_id: bruno.id,
      reason: 'offensive',
      text: 'Mensajes groseros',
    });
    expect(reported.statusCode).toBe(200);
    const admin = testApp.agent();
    await admin.loginAdmin();
    const queue = await admin.post<{ reports: any[] }>('admin/reports/get', {});
    const report = queue.body.reports.find((row) => row.id === reported.body.report_id);
    expect(report).toMatchObject({
      reason: 'offensive',
      text: 'Mensajes groseros',
      status_id: 1,
      reporter: { id: ana.id },
      reported: { id: bruno.id, advert_id: bruno.advertId, advert_status: 1 },
    });

    const resolved = await admin.post('admin/reports/update', {
      report: { id: report.id, status_id: 2, action: 'hide_advert' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(await advertIdsSeenBy(null)).not.toContain(bruno.advertId);
    const again = await admin.post('admin/reports/update', { report: { id: report.id, status_id: 3 } });
    expect(again.statusCode).toBe(409);
    const open = await admin.post<{ reports: any[] }>('admin/reports/get', {});
    expect(open.body.reports.map((row) => row.id)).not.toContain(report.id);
    const done = await admin.post<{ reports: any[] }>('admin/reports/get', { status_id: 2 });
    expect(done.body.reports.find((row) => row.id === report.id)).toMatchObject({ action: 'hide_advert' });

    const audit = await admin.post<{ entries: { sentence: string }[] }>('admin/audit/get', {});
    const sentences = audit.body.entries.map((entry) => entry.sentence);
    const rows = await testApp.app.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'report')
      .where('entity_id', '=', report.id)
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['report.resolve']);
    expect(sentences.join(' ')).toMatch(/resolvió el reporte sobre Cliente\d+ P\. y ocultó su anuncio\./);
  });

  it('deactivate ends the reported account and its sessions; dismiss changes nothing', async () => {
    const ana = await personWithAdvert(testApp);
    const bruno = await personWithAdvert(testApp);
    const carla = await personWithAdvert(testApp);
    const admin = testApp.agent();
    await admin.loginAdmin();
    const first = await ana.agent.post<{ report_id: number }>('client/report', {
      target_client_id: bruno.id,
      reason: 'harassment',
    });
    const second = await ana.agent.post<{ report_id: number }>('client/report', {
      target_client_id: carla.id,
      reason: 'fake',
    });
    expect(
      (
        await admin.post('admin/reports/update', {
          report: { id: first.body.report_id, status_id: 2, action: 'deactivate' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await bruno.agent.post('client/interested/get', {})).statusCode).toBe(401);
    expect(
      (await admin.post('admin/reports/update', { report: { id: second.body.report_id, status_id: 3 } }))
        .statusCode,
    ).toBe(200);
    expect((await carla.agent.post('client/interested/get', {})).statusCode).toBe(200);
    const actions = await testApp.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'report')
      .where('entity_id', 'in', [first.body.report_id, second.body.report_id])
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['report.resolve', 'report.dismiss']);
  });

  it('refuses an unknown reason, oneself and a 1001-character text with 4xx and stores nothing', async () => {
    const ana = await personWithAdvert(testApp);
    const bruno = await personWithAdvert(testApp);
    const before = await testApp.app.db.selectFrom('reports').select('id').execute();
    expect(
      (await ana.agent.post('client/report', { target_client_id: bruno.id, reason: 'spam' })).statusCode,
    ).toBe(400);
    expect(
      (await ana.agent.post('client/report', { target_client_id: ana.id, reason: 'fake' })).statusCode,
    ).toBe(400);
    expect(
      (
        await ana.agent.post('client/report', {
          target_client_id: bruno.id,
          reason: 'other',
          text: 'x'.repeat(1001),
        })
      ).statusCode,
    ).toBe(400);
    const after = await testApp.app.db.selectFrom('reports').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});

describe('consent at sign-up', () => {
  it('refuses a sign-up without privacy_consent: true (400) and stores the notice version and time with it', async () => {
    for (const consent of [undefined, false, 'true']) {
      const body = signUpBody({ privacy_consent: consent });
      const refused = await testApp.agent().post('client/add', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.body.message).toContain('aviso de privacidad');
      const stored = await testApp.app.db
        .selectFrom('clients')
        .select('id')
        .where('email', '=', body.client.email)
        .execute();
      expect(stored).toEqual([]);
    }
    const body = signUpBody();
    const before = new Date().toISOString();
    const created = await testApp.agent().post<{ client_id: number }>('client/add', body);
    expect(created.statusCode).toBe(200);
    const row = await testApp.app.db
      .selectFrom('clients')
      .select(['privacy_consent_version', 'privacy_consent_at'])
      .where('id', '=', created.body.client_id)
      .executeTakeFirstOrThrow();
    expect(row.privacy_consent_version).toBe(PRIVACY_NOTICE_VERSION);
    expect(row.privacy_consent_at! >= before).toBe(true);
  });
});

describe('erasure', () => {
  it('keeps only a keyed hash: the e-mail cannot sign up (409) or log in again, and is not stored', async () => {
    const body = signUpBody();
    const email = body.client.email;
    const agent = testApp.agent();
    const created = await agent.post<{ client_id: number }>('client/add', body);
    expect(created.statusCode).toBe(200);
    expect((await agent.post('client/deactivate', { password: 'una-clave-larga' })).statusCode).toBe(200);

    const again = await testApp.agent().post('client/add', signUpBody({ email }));
    expect(again.statusCode).toBe(409);
    const upper = await testApp.agent().post('client/add', signUpBody({ email: email.toUpperCase() }));
    expect(upper.statusCode).toBe(409);
    const login = await testApp
      .agent()
      .post('client/login', { access: { email, password: 'una-clave-larga' } });
    expect(login.statusCode).toBe(401);

    const hashes = await testApp.app.db.selectFrom('erased_emails').select('email_hash').execute();
    expect(hashes.length).toBeGreaterThan(0);
    for (const { email_hash } of hashes) expect(email_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify(await testApp.app.db.selectFrom('erased_emails').selectAll().execute());
    expect(dump).not.toContain(email);
    // Another address still signs up.
    expect((await testApp.agent().post('client/add', signUpBody())).statusCode).toBe(200);
  });

  it('uses EMAIL_HASH_KEY when set, so the hash is the HMAC of the address under that key', async () => {
    const keyed = await startTestApp({ seedDemo: false, env: { EMAIL_HASH_KEY: 'clave-de-prueba' } });
    try {
      const body = signUpBody();
      const agent = keyed.agent();
      await agent.post('client/add', body);
      await agent.post('client/deactivate', { password: 'una-clave-larga' });
      const { createHmac } = await import('node:crypto');
      const expected = createHmac('sha256', 'clave-de-prueba')
        .update(body.client.email.toLowerCase())
        .digest('hex');
      const rows = await keyed.app.db.selectFrom('erased_emails').select('email_hash').execute();
      expect(rows.map((row) => row.email_hash)).toEqual([expected]);
    } finally {
      await keyed.close();
    }
  });
});

describe('hiding an advert', () => {
  it('status 2 hides at once without approval; approving new text publishes it with status 1', async () => {
    const ana = await personWithAdvert(testApp, {}, { description: 'Me gusta bailar salsa' });
    const hidden = await ana.agent.post<{ advert: any }>('client/advert/update', {
      advert: { status_id: 2, description_update: 'Me gusta bailar salsa' },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body.advert).toMatchObject({ status_id: 2, description_update: null });
    expect(await advertIdsSeenBy(null)).not.toContain(ana.advertId);

    await ana.agent.post('client/advert/update', {
      advert: { status_id: 1, description_update: 'Ahora también cocino' },
    });
    expect(await advertIdsSeenBy(null)).not.toContain(ana.advertId);
    const admin = testApp.agent();
    await admin.loginAdmin();
    const approved = await admin.post('admin/clients/update', {
      advert: { id: ana.advertId, status_id: 1, description: 'Ahora también cocino' },
    });
    expect(approved.statusCode).toBe(200);
    expect(await advertIdsSeenBy(null)).toContain(ana.advertId);

    // Hiding with a new text: hidden now, the text waits; approving it publishes (status 1).
    const both = await ana.agent.post<{ advert: any }>('client/advert/update', {
      advert: { status_id: 2, description_update: 'Texto nuevo' },
    });
    expect(both.body.advert).toMatchObject({
      status_id: 2,
      description: 'Ahora también cocino',
      description_update: 'Texto nuevo',
    });
    expect(await advertIdsSeenBy(null)).not.toContain(ana.advertId);
    await admin.post('admin/clients/update', {
      advert: { id: ana.advertId, status_id: 1, description: 'Texto nuevo' },
    });
    expect(await advertIdsSeenBy(null)).toContain(ana.advertId);
  });
});

describe('whatsapp on mutual interests', () => {
  it('gives a wa.me link from the phone, Mexican numbers with 52, once both shared it (docs/design/20-mensajes.md)', async () => {
    const ana = await personWithAdvert(testApp, { phone: '55 1234 5678' });
    const bruno = await personWithAdvert(testApp, { phone: '' });
    await ana.agent.post('client/interested/add', { interes: { interested_id: bruno.advertId } });
    await bruno.agent.post('client/interested/add', { interes: { interested_id: ana.advertId } });
    expect((await interests(bruno)).mutual[0].whatsapp).toBeNull();
    const list = await ana.agent.post<{ conversations: { id: number }[] }>('client/conversations/get', {});
    const conversationId = list.body.conversations[0]!.id;
    await ana.agent.post('client/whatsapp/share', { conversation_id: conversationId });
    await bruno.agent.post('client/whatsapp/share', { conversation_id: conversationId });
    expect((await interests(bruno)).mutual[0].whatsapp).toBe('https://wa.me/525512345678');
    expect((await interests(ana)).mutual[0].whatsapp).toBeNull();
  });
});

describe('ARCO export', () => {
  it('"Mis datos" names every kind of data the export holds', async () => {
    const agent = testApp.agent();
    await agent.post('client/add', signUpBody({ phone: '5511113333' }));
    const response = await agent.post<{ data: Record<string, unknown> }>('client/data/export', {});
    expect(response.statusCode).toBe(200);
    const sections = Object.keys(response.body.data);
    const named = [...Object.keys(EXPORT_SECTIONS), ...EXPORT_NOTES];
    expect(sections.filter((section) => !named.includes(section))).toEqual([]);
    // …and names nothing the export does not hold.
    expect(named.filter((section) => !sections.includes(section))).toEqual([]);
  });

  it('returns every personal datum of the caller and nobody else’s', async () => {
    const body = signUpBody({ phone: '5511112222', instagram: 'valeria.n' });
    const agent = testApp.agent();
    const created = await agent.post<{ client_id: number }>('client/add', body);
    const id = created.body.client_id;
    const other = await personWithAdvert(testApp, { first_name: 'Óscar' });
    await insertAdvert(testApp.app, id, { description: 'Mi anuncio' });
    await agent.post('client/interested/add', { interes: { interested_id: other.advertId } });
    await agent.post('client/quizz/add', { quizz: { client_id: id, ...quizAnswers(0) } });
    const eventId = await insertEvent(testApp.app);
    await signUpToEvent(testApp.app, eventId, id);
    await agent.post('client/block', { target_client_id: other.id });
    await agent.post('client/report', { target_client_id: other.id, reason: 'fake', text: 'No es real' });
    const pickedAt = new Date().toISOString();
    await testApp.app.db
      .insertInto('picks')
      .values([
        { event_id: eventId, client_id: id, target_client_id: other.id, pick: 1, updated_at: pickedAt },
        { event_id: eventId, client_id: other.id, target_client_id: id, pick: 0, updated_at: pickedAt },
      ])
      .execute();

    const response = await agent.post<{ data: any }>('client/data/export', { client_id: id });
    expect(response.statusCode).toBe(200);
    const data = response.body.data;
    expect(data.profile).toMatchObject({
      id,
      email: body.client.email,
      phone: '5511112222',
      instagram: 'valeria.n',
      gender: 3,
    });
    expect(data.profile).not.toHaveProperty('password_hash');
    expect(data.advert).toMatchObject({ description: 'Mi anuncio' });
    expect(data.quiz_answers).toMatchObject({ client_id: id });
    expect(data.event_sign_ups).toHaveLength(1);
    expect(data.blocks).toEqual([{ target_client_id: other.id, created_at: expect.any(String) }]);
    expect(data.reports_made).toEqual([
      expect.objectContaining({ target_client_id: other.id, reason: 'fake', text: 'No es real' }),
    ]);
    expect(data.consent).toEqual({
      privacy_notice_version: PRIVACY_NOTICE_VERSION,
      accepted_at: expect.any(String),
    });
    expect(data.photos).toEqual([]);
    // The picks the caller made, not those made about them.
    expect(data.picks).toEqual([
      {
        event_id: eventId,
        event_name: expect.any(String),
        target_client_id: other.id,
        first_name: 'Óscar',
        pick: 1,
        updated_at: pickedAt,
      },
    ]);
    // Interest made before the block ended with it; the other person's contact data never appears.
    expect(JSON.stringify(data)).not.toContain(other.email);
  });
});

describe('ARCO export as she reads it', () => {
  it('the file she downloads names each section in Spanish and says what each code means beside it', async () => {
    const body = signUpBody({ phone: '5511114444' });
    const agent = testApp.agent();
    const id = (await agent.post<{ client_id: number }>('client/add', body)).body.client_id;
    const other = await personWithAdvert(testApp, { first_name: 'Irene' });
    await insertAdvert(testApp.app, id, { description: 'Mi anuncio' });
    await agent.post('client/interested/add', { interes: { interested_id: other.advertId } });
    const eventId = await insertEvent(testApp.app);
    await signUpToEvent(testApp.app, eventId, id);
    await agent.post('client/report', { target_client_id: other.id, reason: 'fake', text: 'No es real' });

    const response = await agent.post<{ data: any; readable: any }>('client/data/export', {});
    expect(response.statusCode).toBe(200);
    const { data, readable } = response.body;
    const spanish: string[] = [...Object.values(EXPORT_SECTIONS), ...Object.values(EXPORT_NOTE_NAMES)];
    expect(Object.keys(readable).filter((section) => !spanish.includes(section))).toEqual([]);
    expect(Object.keys(readable)).toHaveLength(Object.keys(data).length);
    // Each code stays for a program, its meaning follows it.
    expect(readable.perfil).toMatchObject({
      gender: 3,
      género: 'LGBTQ+',
      status_id: 1,
      'estado de la cuenta': 'Activa',
    });
    expect(readable.anuncio).toMatchObject({ status_id: 1, 'estado del anuncio': 'Visible' });
    const signUp = readable['inscripciones a eventos'][0];
    expect(signUp.estado).toBe(ASSISTANCE_STATUS_LABELS[signUp.status_id]);
    expect(signUp.estado).not.toBe('');
    expect(readable.intereses[0]).toMatchObject({ status_id: 1, estado: 'Solo de un lado' });
    expect(readable['reportes que hiciste'][0]).toMatchObject({
      reason: 'fake',
      motivo: 'Perfil falso',
      status_id: 1,
      estado: 'Abierto',
    });
    // The keyed export stays as programs (and the coverage tests) read it.
    expect(data.profile).toMatchObject({ id, gender: 3 });
    expect(data.profile).not.toHaveProperty('género');
  });
});

describe('sign-up throttle', () => {
  it('allows five sign-ups from one address in ten minutes, then 429', async () => {
    const throttled = await startTestApp({ seedDemo: false, env: { SIGNUPS_PER_ADDRESS: '5' } });
    try {
      const codes: number[] = [];
      for (let index = 0; index < 7; index++) {
        codes.push((await throttled.agent().post('client/add', signUpBody())).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const count = await throttled.app.db.selectFrom('clients').select('id').execute();
      expect(count).toHaveLength(5);
    } finally {
      await throttled.close();
    }
  });
});

describe('caller ids', () => {
  it('refuses (403) another client id at the top level even where the schema does not list it', async () => {
    const ana = await loggedInClient(testApp);
    const bruno = await loggedInClient(testApp);
    const calls: [string, Record<string, unknown>][] = [
      ['client/quizz/add', { client_id: bruno.id, quizz: { ...quizAnswers(0) } }],
      ['client/quizz/add', { quizz: { client_id: bruno.id, ...quizAnswers(0) } }],
      ['client/advert/update', { client_id: bruno.id, advert: { status_id: 1, description_update: 'Hola' } }],
      ['client/advert/update', { advert: { client_id: bruno.id, status_id: 1, description_update: 'Hola' } }],
      ['client/interested/add', { client_id: bruno.id, interes: { interested_id: 1 } }],
      ['client/interested/add', { interes: { client_id: bruno.id, interested_id: 1 } }],
      ['client/block', { client_id: bruno.id, target_client_id: bruno.id }],
      ['client/data/export', { client_id: bruno.id }],
      ['client/quizz/add', { client_id: String(ana.id), quizz: { ...quizAnswers(0) } }],
    ];
    for (const [call, body] of calls) {
      const response = await ana.agent.post(call, body);
      expect(response.statusCode, `${call} ${JSON.stringify(body).slice(0, 60)}`).toBe(403);
    }
    const stored = await testApp.app.db
      .selectFrom('quiz_answers')
      .select('client_id')
      .where('client_id', 'in', [ana.id, bruno.id])
      .execute();
    expect(stored).toEqual([]);
    // Ids that name other people are fine: the block's target.
    expect(
      (await ana.agent.post('client/block', { client_id: ana.id, target_client_id: bruno.id })).statusCode,
    ).toBe(200);
    expect(
      (await ana.agent.post('client/quizz/add', { client_id: ana.id, quizz: { ...quizAnswers(0) } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('quiz tab', () => {
  it('finds a client who answered the quiz but has no compatible pair', async () => {
    const lonely = await loggedInClient(testApp, { first_name: 'Solitaria', last_name: 'Sinpar' });
    expect((await lonely.agent.post('client/quizz/add', { quizz: quizAnswers(0) })).statusCode).toBe(200);
    const admin = testApp.agent();
    await admin.loginAdmin();
    const response = await admin.post<{ quiz_pairs: unknown[]; unpaired: any[] }>('admin/matches', {
      tab: 'quiz',
      search: 'solitaria',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.quiz_pairs).toEqual([]);
    expect(response.body.unpaired).toEqual([{ client_id: lonely.id, name: 'Solitaria Sinpar' }]);
  });
});

describe('attendance CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const formulas = ['=HYPERLINK("http://x.mx","clic")', '+1+cmd|calc', '@SUM(A1:A2)', '-2+3'];
    const eventId = await insertEvent(testApp.app);
    for (const [index, phone] of formulas.entries()) {
      const client = await loggedInClient(testApp, { first_name: `Fórmula${index}`, phone });
      await signUpToEvent(testApp.app, eventId, client.id);
    }
    const admin = testApp.agent();
    await admin.loginAdmin();
    const csv = await testApp.app.inject({
      method: 'GET',
      url: `/api/event/attendance.csv?event_id=${eventId}`,
      headers: { cookie: `cita_admin=${admin.cookie('cita_admin')}` },
    });
    expect(csv.statusCode).toBe(200);
    const cells = csv.body.split(/\r\n/).flatMap((line) => line.split(','));
    for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
    expect(csv.body).toContain(`'+1+cmd|calc`);
    expect(csv.body).toContain(`'@SUM(A1:A2)`);
  });
});
