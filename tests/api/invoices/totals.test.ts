import { describe, expect, it } from 'vitest';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpInvoicesApp, TEST_COMPANY } from '../../support/invoices';
import { loggedInClient } from '../events/helpers';

const { testApp, settle, paidPlace, refund } = setUpInvoicesApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

/** A place at `night` the admin confirms by hand, the organizer having taken `amountCents` at the door. */
async function placeTakenByHand(night: number, method: 'cash' | 'transfer', amountCents: number) {
  const member = await loggedInClient(testApp, { gender: 2 });
  const signUp = await member.agent.post('client/events/add', { event_id: night });
  const assistanceId = signUp.body.assistance_id as number;
  const confirmed = await admin.post('event/update', {
    assistance: { id: assistanceId, status_id: 2, payment: { method, amount_cents: amountCents } },
  });
  expect(confirmed.statusCode).toBe(200);
  return assistanceId;
}

describe('Facturación’s totals reconcile with the night’s report', () => {
  it('invoiced + global − credited equals the report’s whole net, places confirmed by hand included', async () => {
    const night = await insertEvent(testApp.app, { price_w_cents: 35000, price_m_cents: 35000 });
    const company = await paidPlace(35000, night);
    await company.member.agent.post('client/invoice/add', {
      assistance_id: company.assistanceId,
      fiscal: TEST_COMPANY,
    });
    await paidPlace(35000, night);
    // Cash at the door and a transfer, both confirmed by hand; the transfer's confirmation is undone.
    await placeTakenByHand(night, 'cash', 35000);
    const undone = await placeTakenByHand(night, 'transfer', 30000);
    const undo = await admin.post('event/update', { assistance: { id: undone, status_id: 1 } });
    expect(undo.statusCode).toBe(200);
    await settle();
    const beto = await paidPlace(35000, night);
    const carla = await paidPlace(35000, night);
    // Carla's money goes back before the close (her receipt is cancelled); Beto's half after it.
    await refund(night, carla.member.id);
    const closed = await admin.post('admin/invoices/close-period', { period_end: dayInMexicoCity() });
    expect(closed.body.global.total_cents).toBe(105000);
    await refund(night, beto.member.id, 17500);
    await refund(night, company.member.id, 5000);

    const { body } = await admin.post('admin/invoices/get', {});
    expect(body.totals).toEqual({ invoiced_cents: 35000, global_cents: 105000, credited_cents: 22500 });
    const report = await admin.post('admin/event/report', { event_id: night });
    // The cash is in the gross; the voided transfer is in neither the report nor any issued document.
    expect(report.body.report).toMatchObject({ gross_cents: 175000, refunded_cents: 57500 });
    // Nothing taken by hand is left out: the report's whole net, not less the cash.
    expect(body.totals.invoiced_cents + body.totals.global_cents - body.totals.credited_cents).toBe(
      report.body.report.net_cents,
    );
  });
});
