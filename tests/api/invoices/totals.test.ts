import { describe, expect, it } from 'vitest';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpInvoicesApp, TEST_COMPANY } from '../../support/invoices';

const { testApp, paidPlace, refund } = setUpInvoicesApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

describe('Facturación’s totals reconcile with the night’s report', () => {
  it('invoiced + global − credited equals the report’s net for a paid night', async () => {
    const night = await insertEvent(testApp.app, { price_w_cents: 35000, price_m_cents: 35000 });
    const company = await paidPlace(35000, night);
    await company.member.agent.post('client/invoice/add', {
      assistance_id: company.assistanceId,
      fiscal: TEST_COMPANY,
    });
    await paidPlace(35000, night);
    const beto = await paidPlace(35000, night);
    const carla = await paidPlace(35000, night);
    // Carla's money goes back before the close (her receipt is cancelled); Beto's half after it.
    await refund(night, carla.member.id);
    const closed = await admin.post('admin/invoices/close-period', { period_end: dayInMexicoCity() });
    expect(closed.body.global.total_cents).toBe(70000);
    await refund(night, beto.member.id, 17500);
    await refund(night, company.member.id, 5000);

    const { body } = await admin.post('admin/invoices/get', {});
    expect(body.totals).toEqual({ invoiced_cents: 35000, global_cents: 70000, credited_cents: 22500 });
    const report = await admin.post('admin/event/report', { event_id: night });
    expect(report.body.report).toMatchObject({ gross_cents: 140000, refunded_cents: 57500 });
    // Every place here was paid online (places confirmed by hand get no receipt yet).
    expect(body.totals.invoiced_cents + body.totals.global_cents - body.totals.credited_cents).toBe(
      report.body.report.net_cents,
    );
  });
});
