import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from './helpers';

const { testApp, settle, placeOf, paymentOf } = setUpPaymentsApp({ seedDemo: false, loginAdmin: true });

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

let codeNumber = 0;
/** A new code from the back office; unique per test. */
async function addCode(fields: Record<string, unknown>): Promise<{ id: number; code: string }> {
  codeNumber += 1;
  const code = `PRUEBA${codeNumber}X`;
  const answer = await testApp.admin.post('admin/codes/add', { code: code.toLowerCase(), ...fields });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return { id: answer.body.code.id, code };
}

async function codeFigures(id: number) {
  const { body } = await testApp.admin.post('admin/codes/get', {});
  return body.codes.find((code: { id: number }) => code.id === id);
}

describe('promo codes in the back office', () => {
  it('stores codes in upper case, unique in any case, and refuses two discounts or a bad code', async () => {
    const { code } = await addCode({ percent_off: 10 });
    const again = await testApp.admin.post('admin/codes/add', { code: code.toLowerCase(), percent_off: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe('Ya existe un código con ese nombre');
    const both = await testApp.admin.post('admin/codes/add', {
      code: 'DOBLE1',
      percent_off: 5,
      amount_off: 50,
    });
    expect(both.statusCode).toBe(400);
    expect(both.body.message).toContain('Elige un porcentaje o un monto en pesos');
    const short = await testApp.admin.post('admin/codes/add', { code: 'AB-1', percent_off: 5 });
    expect(short.statusCode).toBe(400);
    expect(short.body.message).toContain('de 4 a 20 letras o números');
    const member = await loggedInClient(testApp, { gender: 1 });
    expect((await member.agent.post('admin/codes/get', {})).statusCode).toBe(401);
  });
});

describe('admin/codes/update', () => {
  it('changes a code for the next places, never what a held place pays, and audits it', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 30000 });
    const member = await loggedInClient(testApp, { gender: 1 });
    const { id, code } = await addCode({ percent_off: 10 });
    await member.agent.post('client/events/add', { event_id: eventId, code });
    const updated = await testApp.admin.post('admin/codes/update', {
      id,
      code,
      amount_off: 100,
      genders: [2],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.body.code).toMatchObject({ percent_off: null, amount_off: 100, genders: [2], uses: 1 });
    expect((await placeOf(eventId, member.id)).amount_cents).toBe(27000);
    const audit = await testApp.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'promo_code')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['promo_code.add', 'promo_code.update']);
    const missing = await testApp.admin.post('admin/codes/update', {
      id: 999_999,
      code: 'OTRO1',
      percent_off: 5,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('her export lists the codes her places held', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await loggedInClient(testApp, { gender: 1 });
    const { code } = await addCode({ percent_off: 25 });
    await member.agent.post('client/events/add', { event_id: eventId, code });
    const { body } = await member.agent.post('client/data/export', {});
    expect(body.data.promo_code_uses).toEqual([
      expect.objectContaining({ code, event_id: eventId, list_price_cents: 10000, discount_cents: 2500 }),
    ]);
  });
});

describe('a code switched off', () => {
  it('is refused to members while off and applies again once switched on, keeping its events named', async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Noche del interruptor', price_w_cents: 30000 });
    const woman = await loggedInClient(testApp, { gender: 1 });
    const { id, code } = await addCode({ percent_off: 10, event_ids: [eventId] });
    const check = () => woman.agent.post('client/code/check', { event_id: eventId, code });

    const off = await testApp.admin.post('admin/codes/update', {
      id,
      code,
      percent_off: 10,
      event_ids: [eventId],
      active: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.body.code).toMatchObject({
      active: false,
      events: [{ id: eventId, name: 'Noche del interruptor' }],
    });
    const refused = await check();
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe('Este código no está activo por ahora');
    const signUp = await woman.agent.post('client/events/add', { event_id: eventId, code });
    expect(signUp.body.message).toBe('Este código no está activo por ahora');

    // An update that does not mention the switch leaves it as it was.
    await testApp.admin.post('admin/codes/update', { id, code, percent_off: 20, event_ids: [eventId] });
    expect((await codeFigures(id)).active).toBe(false);

    await testApp.admin.post('admin/codes/update', { id, code, percent_off: 20, active: true });
    const applies = await check();
    expect(applies.statusCode).toBe(200);
    expect(applies.body).toMatchObject({ price_cents: 24000, gender: 1 });
  });
});

describe('client/code/check', () => {
  it('answers the price she would pay, or a Spanish reason the code does not apply', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 35000, price_m_cents: 45000 });
    const otherEvent = await insertEvent(testApp.app);
    const woman = await loggedInClient(testApp, { gender: 1 });
    const man = await loggedInClient(testApp, { gender: 2 });
    const percent = await addCode({ percent_off: 20, event_ids: [eventId], genders: [1] });
    const check = (agent: typeof woman.agent, code: string, event = eventId) =>
      agent.post('client/code/check', { event_id: event, code: code.toLowerCase() });

    const ok = await check(woman.agent, percent.code);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toMatchObject({ list_price_cents: 35000, discount_cents: 7000, price_cents: 28000 });
    expect((await check(man.agent, percent.code)).body.message).toBe(
      'Este código no es válido para tu perfil',
    );
    expect((await check(woman.agent, percent.code, otherEvent)).body.message).toBe(
      'Este código no es válido para este evento',
    );
    const unknown = await check(woman.agent, 'NOEXISTE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toContain('Ese código no existe');

    const expired = await addCode({ amount_off: 50, valid_until: '2020-01-31' });
    expect((await check(woman.agent, expired.code)).body.message).toBe('Este código ya venció');
    const later = await addCode({ amount_off: 50, valid_from: '2099-03-01' });
    const notYet = await check(woman.agent, later.code);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.body.message).toMatch(/^Este código es válido a partir del .*2099/);

    const fixed = await addCode({ amount_off: 500 });
    expect((await check(man.agent, fixed.code)).body).toMatchObject({
      discount_cents: 45000,
      price_cents: 0,
    });
  });

  it('refuses the eleventh wrong code in an hour with a 429, even a good one', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await loggedInClient(testApp, { gender: 1 });
    const good = await addCode({ percent_off: 10 });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await member.agent.post('client/code/check', {
        event_id: eventId,
        code: `MAL${attempt}CODIGO`,
      });
      expect(wrong.statusCode).toBe(404);
    }
    const refused = await member.agent.post('client/code/check', { event_id: eventId, code: good.code });
    expect(refused.statusCode).toBe(429);
    expect(refused.body.message).toContain('demasiados códigos');
    const other = await loggedInClient(testApp, { gender: 1 });
    expect(
      (await other.agent.post('client/code/check', { event_id: eventId, code: good.code })).statusCode,
    ).toBe(200);
  });
});

describe('a code held with the place', () => {
  it('charges the discounted amount at the provider, counts the use and its pesos, refunds what was paid', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 40000, day: inDays(10) });
    const member = await loggedInClient(testApp, { gender: 1 });
    const { id, code } = await addCode({ amount_off: 150, max_uses_per_member: 1 });
    const signUp = await member.agent.post('client/events/add', { event_id: eventId, code });
    expect(signUp.body).toMatchObject({ status_id: 1, amount_cents: 25000 });
    expect(await codeFigures(id)).toMatchObject({ uses: 1, confirmed_uses: 0, discounted_cents: 0 });

    const checkout = await member.agent.post('client/payments/checkout', { event_id: eventId });
    const payment = await paymentOf(eventId, member.id);
    expect(payment).toMatchObject({ amount_cents: 25000 });
    const session = await testApp.app.stripe!.checkout.sessions.retrieve(payment.session_id!);
    expect(session.amount_total).toBe(25000);
    await pressCheckoutButton(checkout.body.url, 'tarjeta');
    await settle();
    expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 2 });
    expect(await codeFigures(id)).toMatchObject({ uses: 1, confirmed_uses: 1, discounted_cents: 15000 });

    const again = await member.agent.post('client/code/check', { event_id: eventId, code });
    expect(again.body.message).toBe('Ya usaste este código');

    await member.agent.post('client/events/cancel', { event_id: eventId });
    await settle();
    expect(await paymentOf(eventId, member.id)).toMatchObject({ status: 'refunded', refunded_cents: 25000 });
    expect(await codeFigures(id)).toMatchObject({ uses: 0, discounted_cents: 0 });
  });

  it('100 % off confirms the place with its ticket and no payment at the provider', async () => {
    const eventId = await insertEvent(testApp.app, { price_m_cents: 30000 });
    const member = await loggedInClient(testApp, { gender: 2 });
    const { code } = await addCode({ percent_off: 100 });
    const signUp = await member.agent.post('client/events/add', { event_id: eventId, code });
    expect(signUp.body).toMatchObject({ status_id: 2, amount_cents: 0, payment_due_at: null });
    expect(signUp.body.message).toBe('Tu código cubre el precio completo: tu lugar está confirmado');
    const place = await placeOf(eventId, member.id);
    expect(place.ticket).toMatch(/^[\w-]{32}$/);
    const payments = await testApp.app.db
      .selectFrom('payments')
      .select('id')
      .where('event_id', '=', eventId)
      .execute();
    expect(payments).toHaveLength(0);
  });

  it('a code typed at checkout prices the held place again; at 100 % it is confirmed', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 20000 });
    const member = await loggedInClient(testApp, { gender: 1 });
    await member.agent.post('client/events/add', { event_id: eventId });
    const first = await member.agent.post('client/payments/checkout', { event_id: eventId });
    expect(first.statusCode).toBe(200);
    const half = await addCode({ percent_off: 50 });
    const second = await member.agent.post('client/payments/checkout', {
      event_id: eventId,
      code: half.code,
    });
    expect(second.statusCode).toBe(200);
    expect(second.body.url).not.toBe(first.body.url);
    await settle();
    const attempts = await testApp.app.db
      .selectFrom('payments')
      .select(['amount_cents', 'status'])
      .where('event_id', '=', eventId)
      .orderBy('id')
      .execute();
    expect(attempts).toEqual([
      { amount_cents: 20000, status: 'failed' },
      { amount_cents: 10000, status: 'pending' },
    ]);
    const other = await addCode({ percent_off: 20 });
    const another = await member.agent.post('client/payments/checkout', {
      event_id: eventId,
      code: other.code,
    });
    expect(another.statusCode).toBe(409);
    expect(another.body.message).toBe('Tu lugar ya tiene un código aplicado');

    const otherEvent = await insertEvent(testApp.app, { price_w_cents: 20000 });
    await member.agent.post('client/events/add', { event_id: otherEvent });
    const free = await addCode({ percent_off: 100 });
    const confirmed = await member.agent.post('client/payments/checkout', {
      event_id: otherEvent,
      code: free.code,
    });
    expect(confirmed.body.url).toBe(`${testApp.config.publicUrl}/pago?evento=${otherEvent}`);
    expect(await placeOf(otherEvent, member.id)).toMatchObject({ status_id: 2, payment_due_at: null });
  });

  it('the code her sign-up applied, typed again at checkout, is the same request: same page, one use', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 20000 });
    const member = await loggedInClient(testApp, { gender: 1 });
    const { id, code } = await addCode({ percent_off: 25 });
    await member.agent.post('client/events/add', { event_id: eventId, code });
    const first = await member.agent.post('client/payments/checkout', { event_id: eventId, code });
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    const again = await member.agent.post('client/payments/checkout', {
      event_id: eventId,
      code: code.toLowerCase(),
    });
    expect(again.statusCode, JSON.stringify(again.body)).toBe(200);
    expect(again.body.url).toBe(first.body.url);
    await settle();
    const attempts = await testApp.app.db
      .selectFrom('payments')
      .select(['amount_cents', 'status'])
      .where('event_id', '=', eventId)
      .execute();
    expect(attempts).toEqual([{ amount_cents: 15000, status: 'pending' }]);
    expect(await codeFigures(id)).toMatchObject({ uses: 1 });
    // Her payment says the code her place holds: the pages show it applied, never a box to type it again.
    const payments = await member.agent.post('client/payments/get');
    expect(payments.body.payments).toEqual([
      expect.objectContaining({ event_id: eventId, amount_cents: 15000, code }),
    ]);

    const freeEvent = await insertEvent(testApp.app, { price_w_cents: 20000 });
    const free = await addCode({ percent_off: 100 });
    await member.agent.post('client/events/add', { event_id: freeEvent, code: free.code });
    const confirmed = await member.agent.post('client/payments/checkout', {
      event_id: freeEvent,
      code: free.code,
    });
    expect(confirmed.statusCode, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.url).toBe(`${testApp.config.publicUrl}/pago?evento=${freeEvent}`);
    expect(await codeFigures(free.id)).toMatchObject({ uses: 1 });
  });

  it('a pending OXXO voucher keeps the use; the voucher lapsing frees it, and the last use goes to someone else', async () => {
    const eventId = await insertEvent(testApp.app);
    const [first, second] = await Promise.all([
      loggedInClient(testApp, { gender: 1 }),
      loggedInClient(testApp, { gender: 1 }),
    ]);
    const { id, code } = await addCode({ percent_off: 30, max_uses: 1 });
    await first.agent.post('client/events/add', { event_id: eventId, code });
    const { body } = await first.agent.post('client/payments/checkout', { event_id: eventId });
    await pressCheckoutButton(body.url, 'oxxo');
    await settle();
    expect(await paymentOf(eventId, first.id)).toMatchObject({ amount_cents: 7000, status: 'pending' });
    const usedUp = await second.agent.post('client/code/check', { event_id: eventId, code });
    expect(usedUp.statusCode).toBe(409);
    expect(usedUp.body.message).toBe('Este código ya se agotó');
    expect(await codeFigures(id)).toMatchObject({ uses: 1 });

    await pressCheckoutButton(body.url, 'vencer-ficha');
    await settle();
    expect(await placeOf(eventId, first.id)).toMatchObject({
      status_id: 4,
      cancel_reason: 'payment_expired',
    });
    expect(await codeFigures(id)).toMatchObject({ uses: 0 });
    const signUp = await second.agent.post('client/events/add', { event_id: eventId, code });
    expect(signUp.body).toMatchObject({ status_id: 1, amount_cents: 7000 });
  });

  it('concurrent sign-ups never hold more uses than the code has', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 20 });
    const members = await Promise.all(
      Array.from({ length: 6 }, () => loggedInClient(testApp, { gender: 1 })),
    );
    const { id, code } = await addCode({ percent_off: 10, max_uses: 2 });
    const answers = await Promise.all(
      members.map((member) => member.agent.post('client/events/add', { event_id: eventId, code })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(4);
    expect(await codeFigures(id)).toMatchObject({ uses: 2 });
  });
});
