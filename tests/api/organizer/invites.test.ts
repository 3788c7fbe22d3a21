import { describe, expect, it } from 'vitest';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { FIXTURE_PASSWORD, insertEvent } from '../../support/admin-fixtures';
import { setUpPaymentsApp } from '../../support/payments';
import { queuedPushes } from '../../support/push-jobs';
import type { Agent } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';

// Payments on (a code's price needs a paid night); the queue does not run, so queued mail stays readable.
const { testApp } = setUpPaymentsApp({
  seedDemo: false,
  loginAdmin: true,
  env: { QUEUE_CONCURRENCY: '0' },
});
const { admin } = testApp;

/** A logged-in member: made by the fixtures, or signed up through client/add. */
type Member = { agent: Agent; id: number; email: string };

interface InviteAnswer {
  link: string;
  signed_up: number;
  came: number;
  codes: {
    code: string;
    percent_off: number | null;
    amount_off_cents: number | null;
    valid_from: string | null;
    valid_until: string | null;
    state: string;
    invited: string | null;
  }[];
  reward: { percent_off: number | null; amount_off_cents: number | null; valid_days: number } | null;
}

async function setReward(fields: Record<string, unknown>): Promise<void> {
  const saved = await admin.post('admin/invite-reward/update', {
    enabled: true,
    percent_off: 50,
    valid_days: 30,
    ...fields,
  });
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
}

async function invitesOf(member: Member): Promise<InviteAnswer> {
  const answer = await member.agent.post<InviteAnswer>('client/invite/get', {});
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('invita') ?? '';
}

let people = 0;
/** Signs a new person up through client/add, as the sign-up form sends it, on her own agent. */
async function signUpWith(invite: unknown, agent: Agent = testApp.agent(), firstName = 'Invitada') {
  people += 1;
  const email = `invitada${people}.${Date.now()}@pruebas.mx`;
  const answer = await agent.post<{ client_id: number }>('client/add', {
    client: {
      first_name: `${firstName}${people}`,
      last_name: 'Reservada',
      email,
      phone: `55900${people}`,
      birthday: '1993-05-06',
      gender: 1,
      password: FIXTURE_PASSWORD,
      privacy_consent: true,
    },
    ...(invite === undefined ? {} : { invite }),
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return { agent, id: answer.body.client_id, email, firstName: `${firstName}${people}` };
}

/** A new member who signed up through `inviter`'s link. */
async function invitedBy(inviter: Member) {
  return signUpWith(tokenOf((await invitesOf(inviter)).link));
}

async function invitationOf(clientId: number) {
  return testApp.app.db
    .selectFrom('invitations')
    .selectAll()
    .where('invited_client_id', '=', clientId)
    .executeTakeFirst();
}

/** A free night she holds a confirmed place at; answers her ticket's long and short codes. */
async function confirmedAt(member: { agent: Agent }, eventId?: number) {
  const event = eventId ?? (await insertEvent(testApp.app, { price_w_cents: 0, price_m_cents: 0 }));
  const signed = await member.agent.post<{ assistance_id: number }>('client/events/add', { event_id: event });
  expect(signed.statusCode, JSON.stringify(signed.body)).toBe(200);
  const confirmed = await admin.post('event/update', {
    assistance: { id: signed.body.assistance_id, status_id: 2 },
  });
  expect(confirmed.statusCode, JSON.stringify(confirmed.body)).toBe(200);
  const place = await testApp.app.db
    .selectFrom('assistance')
    .select(['ticket', 'door_code'])
    .where('id', '=', signed.body.assistance_id)
    .executeTakeFirstOrThrow();
  return { eventId: event, ticket: place.ticket!, doorCode: place.door_code! };
}

function checkIn(eventId: number, code: string) {
  return admin.post('event/update', { checkin: { event_id: eventId, code } });
}

/** She comes to a new free night and is checked in at the door. */
async function arrives(member: { agent: Agent }) {
  const place = await confirmedAt(member);
  const arrival = await checkIn(place.eventId, place.ticket);
  expect(arrival.statusCode, JSON.stringify(arrival.body)).toBe(200);
  return place;
}

async function personalCodesOwnedBy(clientId: number) {
  return testApp.app.db
    .selectFrom('promo_codes')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('personal', '=', 1)
    .execute();
}

async function queuedMailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const rows = await testApp.app.db
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', 'mail')
    .orderBy('id')
    .execute();
  return rows
    .map((row) => JSON.parse(row.payload ?? '{}') as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === email);
}

function inDays(days: number): string {
  return dayInMexicoCity(new Date(Date.now() + days * 86_400_000));
}

describe('client/invite/get', () => {
  it('gives each member one stable link with a random token that is not her id; visitors get 401', async () => {
    await setReward({ percent_off: 50, valid_days: 30 });
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    const first = await invitesOf(ana);
    expect(first.link).toMatch(/\/registrarse\?invita=[A-Za-z0-9_-]{22}$/);
    expect(first.link.startsWith(testApp.config.publicUrl)).toBe(true);
    // 16 random bytes: nothing of her id or her account in it.
    expect(Buffer.from(tokenOf(first.link), 'base64url')).toHaveLength(16);
    const stored = await testApp.app.db
      .selectFrom('invite_links')
      .select('token')
      .where('client_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(stored.token).toBe(tokenOf(first.link));
    expect(first).toMatchObject({
      signed_up: 0,
      came: 0,
      codes: [],
      reward: { percent_off: 50, amount_off_cents: null, valid_days: 30 },
    });
    expect((await invitesOf(ana)).link).toBe(first.link);
    const other = await loggedInClient(testApp);
    expect((await invitesOf(other)).link).not.toBe(first.link);
    expect((await testApp.agent().post('client/invite/get', {})).statusCode).toBe(401);
    expect((await other.agent.post('client/invite/get', { client_id: ana.id })).statusCode).toBe(403);
  });
});

describe('signing up through a link', () => {
  it('records who invited her; nothing is earned before her first night', async () => {
    await setReward({});
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    const bea = await invitedBy(ana);
    expect(await invitationOf(bea.id)).toMatchObject({
      inviter_client_id: ana.id,
      first_check_in_at: null,
      code_id: null,
    });
    // Signed up to a night and confirmed, but not yet at the door: still nothing.
    await confirmedAt(bea);
    expect(await invitesOf(ana)).toMatchObject({ signed_up: 1, came: 0, codes: [] });
    expect(await personalCodesOwnedBy(ana.id)).toEqual([]);
  });

  it('ignores a blank, unknown or malformed token, and her own link: the account is created all the same', async () => {
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    const token = tokenOf((await invitesOf(ana)).link);
    for (const invite of ['', '   ', 'A'.repeat(22), 'no es un token', `${token}x`]) {
      const person = await signUpWith(invite);
      expect(await invitationOf(person.id)).toBeUndefined();
    }
    // Her own link, from her own session: a second account is not someone she brought.
    const second = await signUpWith(token, ana.agent);
    expect(await invitationOf(second.id)).toBeUndefined();
    expect((await invitesOf(ana)).signed_up).toBe(0);
    // A token that is not text at all is a malformed body: 400, and no account.
    const wrongType = await testApp.agent().post('client/add', {
      client: {
        first_name: 'Tipo',
        last_name: 'Equivocado',
        email: `tipo.${Date.now()}@pruebas.mx`,
        birthday: '1990-01-01',
        password: FIXTURE_PASSWORD,
        privacy_consent: true,
      },
      invite: 12,
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('changes nothing for someone already registered who follows a link', async () => {
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    const token = tokenOf((await invitesOf(ana)).link);
    const already = await signUpWith(undefined);
    const again = await testApp.agent().post('client/add', {
      client: {
        first_name: 'Otra',
        last_name: 'Vez',
        email: already.email,
        birthday: '1990-01-01',
        password: FIXTURE_PASSWORD,
        privacy_consent: true,
      },
      invite: token,
    });
    expect(again.statusCode).toBe(409);
    expect(await invitationOf(already.id)).toBeUndefined();
    expect((await invitesOf(ana)).signed_up).toBe(0);
  });

  it('ignores the link of a member who is no longer active', async () => {
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    const token = tokenOf((await invitesOf(ana)).link);
    expect(
      (await admin.post('admin/clients/update', { client: { id: ana.id, status_id: 2 } })).statusCode,
    ).toBe(200);
    const person = await signUpWith(token);
    expect(await invitationOf(person.id)).toBeUndefined();
  });
});

describe('the reward for a first night', () => {
  it('her first check-in earns the inviter one personal code, told by e-mail and push with her first name only', async () => {
    await setReward({ percent_off: 50, valid_days: 30 });
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    const bea = await invitedBy(ana);
    await arrives(bea);

    const page = await invitesOf(ana);
    expect(page).toMatchObject({ signed_up: 1, came: 1 });
    expect(page.codes).toEqual([
      {
        code: expect.stringMatching(/^INVITA[A-Z0-9]{6}$/),
        percent_off: 50,
        amount_off_cents: null,
        valid_from: dayInMexicoCity(),
        valid_until: inDays(30),
        state: 'available',
        invited: bea.firstName,
      },
    ]);
    const [code] = await personalCodesOwnedBy(ana.id);
    expect(code).toMatchObject({ max_uses: 1, max_uses_per_member: 1, genders: null });
    expect(
      await testApp.app.db
        .selectFrom('promo_code_events')
        .selectAll()
        .where('code_id', '=', code!.id)
        .execute(),
    ).toEqual([]);

    const [mail, ...more] = await queuedMailsTo(ana.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Ganaste un código por invitar a ${bea.firstName}`);
    expect(mail?.text).toContain(page.codes[0]!.code);
    expect(mail?.text).toContain('50 %');
    for (const private_ of ['Reservada', bea.email]) expect(mail?.text).not.toContain(private_);
    expect(await queuedPushes(testApp.app.db, ana.id)).toEqual([
      expect.objectContaining({
        kind: 'invite_reward',
        title: `Ganaste un código por invitar a ${bea.firstName}`,
        url: '/invitar',
      }),
    ]);
    // Nothing for her, and nothing in the back office's list of codes.
    expect(await invitesOf(bea)).toMatchObject({ codes: [] });
    const listed = await admin.post<{ codes: { code: string }[] }>('admin/codes/get', {});
    expect(listed.body.codes.map((row) => row.code)).not.toContain(page.codes[0]!.code);
  });

  it('earns nothing more for a second night, a repeated scan, or a check-in undone and done again', async () => {
    await setReward({});
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    const bea = await invitedBy(ana);
    const first = await arrives(bea);
    expect((await checkIn(first.eventId, first.doorCode)).statusCode).toBe(409);
    await arrives(bea);
    // Undone: she cancels her place at a coming night (the arrival is cleared), then comes again.
    const third = await confirmedAt(bea);
    expect((await checkIn(third.eventId, third.ticket)).statusCode).toBe(200);
    expect((await bea.agent.post('client/events/cancel', { event_id: third.eventId })).statusCode).toBe(200);
    const again = await confirmedAt(bea, third.eventId);
    expect((await checkIn(again.eventId, again.doorCode)).statusCode).toBe(200);

    expect(await personalCodesOwnedBy(ana.id)).toHaveLength(1);
    expect(await invitesOf(ana)).toMatchObject({ signed_up: 1, came: 1 });
    expect(await queuedMailsTo(ana.email)).toHaveLength(1);
  });

  it('two door phones checking her in at once, or two nights at once, earn exactly one code', async () => {
    await setReward({});
    for (let round = 0; round < 3; round++) {
      const ana = await loggedInClient(testApp, { first_name: 'Ana' });
      const bea = await invitedBy(ana);
      const place = await confirmedAt(bea);
      const phones = await Promise.all([
        checkIn(place.eventId, place.ticket),
        checkIn(place.eventId, place.doorCode),
      ]);
      expect(phones.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await personalCodesOwnedBy(ana.id)).toHaveLength(1);

      const carla = await invitedBy(ana);
      const one = await confirmedAt(carla);
      const other = await confirmedAt(carla);
      const nights = await Promise.all([
        checkIn(one.eventId, one.ticket),
        checkIn(other.eventId, other.doorCode),
      ]);
      expect(nights.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await personalCodesOwnedBy(ana.id)).toHaveLength(2);
      expect(await invitesOf(ana)).toMatchObject({ signed_up: 2, came: 2 });
    }
  });

  it('with the reward off nothing is earned, though the invitation and her first night stay recorded', async () => {
    await setReward({ enabled: false });
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    const bea = await invitedBy(ana);
    expect((await invitesOf(ana)).reward).toBeNull();
    await arrives(bea);
    expect(await invitesOf(ana)).toMatchObject({ signed_up: 1, came: 1, codes: [] });
    // Turned on later: her first night has passed, so a second one earns nothing either.
    await setReward({ enabled: true });
    await arrives(bea);
    expect(await personalCodesOwnedBy(ana.id)).toEqual([]);
    expect(await queuedMailsTo(ana.email)).toEqual([]);
  });

  it('pays in pesos when the reward is an amount', async () => {
    await setReward({ percent_off: null, amount_off: 120, valid_days: 7 });
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    await arrives(await invitedBy(ana));
    expect((await invitesOf(ana)).codes).toEqual([
      expect.objectContaining({ percent_off: null, amount_off_cents: 12000, valid_until: inDays(7) }),
    ]);
    expect((await queuedMailsTo(ana.email))[0]?.text).toContain('$120.00 MXN');
  });

  it('earns nothing for an inviter who is no longer active, or when one of the two blocked the other', async () => {
    await setReward({});
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    const bea = await invitedBy(ana);
    expect(
      (await admin.post('admin/clients/update', { client: { id: ana.id, status_id: 2 } })).statusCode,
    ).toBe(200);
    await arrives(bea);
    expect(await personalCodesOwnedBy(ana.id)).toEqual([]);

    const eva = await loggedInClient(testApp, { first_name: 'Eva' });
    const fer = await invitedBy(eva);
    expect((await fer.agent.post('client/block', { target_client_id: eva.id })).statusCode).toBe(200);
    await arrives(fer);
    expect(await personalCodesOwnedBy(eva.id)).toEqual([]);
    expect(await invitesOf(eva)).toMatchObject({ signed_up: 1, came: 1, codes: [] });
  });
});

describe('an earned code at the event page', () => {
  it('is refused to anyone else and gives the inviter her price, once', async () => {
    await setReward({ percent_off: 50, valid_days: 30 });
    const ana = await loggedInClient(testApp, { first_name: 'Ana', gender: 1 });
    const bea = await invitedBy(ana);
    await arrives(bea);
    const [earned] = (await invitesOf(ana)).codes;
    const paidNight = await insertEvent(testApp.app, { price_w_cents: 30000, price_m_cents: 40000 });

    const someoneElse = await loggedInClient(testApp, { gender: 1 });
    for (const agent of [someoneElse.agent, bea.agent]) {
      const refused = await agent.post('client/code/check', { event_id: paidNight, code: earned!.code });
      expect(refused.statusCode).toBe(403);
      expect(refused.body.message).toBe(
        'Este código es personal de otra persona: solo puede usarlo quien lo ganó',
      );
      const signed = await agent.post('client/events/add', { event_id: paidNight, code: earned!.code });
      expect(signed.statusCode).toBe(403);
    }

    const check = await ana.agent.post('client/code/check', {
      event_id: paidNight,
      code: earned!.code.toLowerCase(),
    });
    expect(check.statusCode, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toMatchObject({ list_price_cents: 30000, discount_cents: 15000, price_cents: 15000 });
    const signed = await ana.agent.post('client/events/add', { event_id: paidNight, code: earned!.code });
    expect(signed.statusCode, JSON.stringify(signed.body)).toBe(200);
    const place = await testApp.app.db
      .selectFrom('assistance')
      .select('amount_cents')
      .where('event_id', '=', paidNight)
      .where('client_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(place.amount_cents).toBe(15000);
    expect((await invitesOf(ana)).codes[0]?.state).toBe('used');
    const otherNight = await insertEvent(testApp.app, { price_w_cents: 30000 });
    const twice = await ana.agent.post('client/code/check', { event_id: otherNight, code: earned!.code });
    expect(twice.statusCode).toBe(409);
  });

  it('shows as expired after its last day, and is refused then', async () => {
    await setReward({});
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    await arrives(await invitedBy(ana));
    const [code] = await personalCodesOwnedBy(ana.id);
    await testApp.app.db
      .updateTable('promo_codes')
      .set({ valid_until: inDays(-1) })
      .where('id', '=', code!.id)
      .execute();
    expect((await invitesOf(ana)).codes[0]?.state).toBe('expired');
    const night = await insertEvent(testApp.app, { price_w_cents: 30000 });
    const check = await ana.agent.post('client/code/check', { event_id: night, code: code!.code });
    expect(check.body.message).toBe('Este código ya venció');
  });
});

describe('admin/invite-reward', () => {
  it('answers the reward and the figures, refuses a bad reward in Spanish, and audits each change', async () => {
    await setReward({ percent_off: 25, valid_days: 14 });
    const got = await admin.post<{ reward: object; figures: Record<string, number> }>(
      'admin/invite-reward/get',
      {},
    );
    expect(got.statusCode).toBe(200);
    expect(got.body.reward).toEqual({ enabled: true, percent_off: 25, amount_off: null, valid_days: 14 });
    expect(Object.keys(got.body.figures).sort()).toEqual([
      'came',
      'discounted_cents',
      'earned',
      'signed_up',
      'used',
    ]);

    const both = await admin.post('admin/invite-reward/update', {
      enabled: true,
      percent_off: 10,
      amount_off: 50,
      valid_days: 30,
    });
    expect(both.statusCode).toBe(400);
    expect(both.body.message).toContain('Elige un porcentaje o un monto en pesos');
    const none = await admin.post('admin/invite-reward/update', { enabled: true, valid_days: 30 });
    expect(none.statusCode).toBe(400);
    const days = await admin.post('admin/invite-reward/update', {
      enabled: true,
      percent_off: 10,
      valid_days: 0,
    });
    expect(days.statusCode).toBe(400);
    expect(days.body.message).toContain('Los días de vigencia van de 1 a 365');
    const percent = await admin.post('admin/invite-reward/update', {
      enabled: true,
      percent_off: 101,
      valid_days: 30,
    });
    expect(percent.statusCode).toBe(400);
    expect((await admin.post('admin/invite-reward/get', {})).body.reward).toMatchObject({ percent_off: 25 });

    const member = await loggedInClient(testApp);
    expect(
      (
        await member.agent.post('admin/invite-reward/update', {
          enabled: false,
          percent_off: 10,
          valid_days: 30,
        })
      ).statusCode,
    ).toBe(401);
    const audit = await testApp.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'invite_reward')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    const trail = await admin.post<{ entries: { sentence: string }[] }>('admin/audit/get', {});
    expect(trail.body.entries.map((entry) => entry.sentence)).toContainEqual(
      expect.stringMatching(/cambió la recompensa por invitación: 25 %, 14 días, activa\.$/),
    );
  });
});

describe('personal data', () => {
  it('her export lists her link, who brought her and the codes hers earned', async () => {
    await setReward({});
    const ana = await loggedInClient(testApp, { first_name: 'Ana' });
    const bea = await invitedBy(ana);
    await arrives(bea);
    const link = (await invitesOf(ana)).link;
    const mine = await ana.agent.post<{ data: Record<string, any> }>('client/data/export', {});
    expect(mine.body.data.invitations).toMatchObject({
      link,
      invited_by: null,
      signed_up: 1,
      came: 1,
      codes_earned: [expect.objectContaining({ state: 'available', invited: bea.firstName })],
    });
    const hers = await bea.agent.post<{ data: Record<string, any> }>('client/data/export', {});
    expect(hers.body.data.invitations).toMatchObject({
      link: null,
      invited_by: { first_name: 'Ana', first_night_at: expect.any(String) },
      signed_up: 0,
      codes_earned: [],
    });
  });

  it('erasing the inviter leaves the invited account whole, and her code usable by nobody', async () => {
    await setReward({});
    const ana = await loggedInClient(testApp, { first_name: 'Ana', gender: 1 });
    const bea = await invitedBy(ana);
    await arrives(bea);
    const [code] = await personalCodesOwnedBy(ana.id);
    const token = tokenOf((await invitesOf(ana)).link);
    expect((await ana.agent.post('client/deactivate', { password: FIXTURE_PASSWORD })).statusCode).toBe(200);

    expect(await invitationOf(bea.id)).toBeUndefined();
    const kept = await testApp.app.db
      .selectFrom('promo_codes')
      .select(['client_id', 'personal'])
      .where('id', '=', code!.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ client_id: null, personal: 1 });
    const night = await insertEvent(testApp.app, { price_w_cents: 30000 });
    expect(
      (await bea.agent.post('client/code/check', { event_id: night, code: code!.code })).statusCode,
    ).toBe(403);
    // Her link is gone with her: it brings nobody to anyone.
    const late = await signUpWith(token);
    expect(await invitationOf(late.id)).toBeUndefined();
    // Bea's account works as before.
    expect((await bea.agent.post('client/profile', {})).statusCode).toBe(200);
    await arrives(bea);
    expect((await bea.agent.post('client/data/export', {})).body.data.invitations.invited_by).toBeNull();
  });

  it('erasing the invited person leaves the inviter her code and her page', async () => {
    await setReward({});
    const ana = await loggedInClient(testApp, { first_name: 'Ana', gender: 1 });
    const bea = await invitedBy(ana);
    await arrives(bea);
    const carla = await invitedBy(ana);
    expect((await bea.agent.post('client/deactivate', { password: FIXTURE_PASSWORD })).statusCode).toBe(200);
    expect((await carla.agent.post('client/deactivate', { password: FIXTURE_PASSWORD })).statusCode).toBe(
      200,
    );
    const page = await invitesOf(ana);
    expect(page).toMatchObject({ signed_up: 0, came: 0 });
    expect(page.codes).toEqual([expect.objectContaining({ state: 'available', invited: null })]);
    const night = await insertEvent(testApp.app, { price_w_cents: 30000 });
    const check = await ana.agent.post('client/code/check', { event_id: night, code: page.codes[0]!.code });
    expect(check.body).toMatchObject({ price_cents: 15000 });
  });
});
