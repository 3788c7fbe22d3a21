import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from '../events/helpers';

// Nothing listens on port 9 here: every call to the provider fails to connect.
const { testApp } = setUpPaymentsApp({ seedDemo: false, env: { STRIPE_API_BASE: 'http://127.0.0.1:9' } });

describe('the payment provider is down when checkout is asked for', () => {
  it('answers a Spanish 503 and keeps the hold until its normal end', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await loggedInClient(testApp, { gender: 2 });
    await member.agent.post('client/events/add', { event_id: eventId });
    const before = await testApp.app.db
      .selectFrom('assistance')
      .select(['status_id', 'payment_due_at'])
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    const answer = await member.agent.post('client/payments/checkout', { event_id: eventId });
    expect(answer.statusCode).toBe(503);
    expect(answer.body.message).toMatch(
      /^No pudimos conectar con el servicio de pagos\. Intenta de nuevo en unos minutos: tu lugar sigue apartado hasta el /,
    );
    const after = await testApp.app.db
      .selectFrom('assistance')
      .select(['status_id', 'payment_due_at'])
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const again = await member.agent.post('client/payments/checkout', { event_id: eventId });
    expect(again.statusCode).toBe(503);
    const payments = await testApp.app.db
      .selectFrom('payments')
      .selectAll()
      .where('event_id', '=', eventId)
      .execute();
    expect(payments).toEqual([expect.objectContaining({ status: 'pending', session_id: null, attempt: 1 })]);
  });
});
