import { stringify } from 'csv-stringify/sync';
import type { EventReport } from '../../shared/contracts/organizer';
import { genderLabel } from '../../shared/domain/genders';
import { attendanceFigures } from '../events/attendance/attendance-figures';
import { eventCodeDiscounts } from '../events/codes/event-code-discounts';
import { eventRevenue } from '../payments/event-payments';
import type { DB } from '../platform/db/database';

/** The numbers of one night an organizer acts on (docs/design/25-organizers.md), discounts by code included. */
export async function eventReport(db: DB, eventId: number): Promise<EventReport> {
  const revenue = await eventRevenue(db, eventId);
  const codeDiscounts = await eventCodeDiscounts(db, eventId);
  return {
    event_id: eventId,
    ...revenue,
    code_discounts_cents: codeDiscounts.reduce((sum, code) => sum + code.discount_cents, 0),
    code_discounts: codeDiscounts,
    net_cents: revenue.gross_cents - revenue.refunded_cents,
    ...(await attendanceFigures(db, eventId)),
  };
}

const pesos = (cents: number) => (cents / 100).toFixed(2);

/** The report as CSV for Excel: UTF-8 with a BOM, one figure a row (nothing a member typed). */
export function eventReportCsv(report: EventReport): string {
  const rows: [string, string][] = [
    ['Ingresos brutos (MXN)', pesos(report.gross_cents)],
    ['Reembolsos (MXN)', pesos(report.refunded_cents)],
    ['Descuentos por código (MXN)', pesos(report.code_discounts_cents)],
    ...report.code_discounts.map((code): [string, string] => [
      `Descuento con ${code.code} (MXN; ${code.uses} ${code.uses === 1 ? 'uso' : 'usos'})`,
      pesos(code.discount_cents),
    ]),
    ['Ingresos netos (MXN)', pesos(report.net_cents)],
    ['Confirmados', String(report.confirmed)],
    ['Mujeres confirmadas', String(report.confirmed_women)],
    ['Hombres confirmados', String(report.confirmed_men)],
    [`${genderLabel(3)} confirmados`, String(report.confirmed_lgbtq)],
    ['Llegaron', String(report.checked_in)],
    ['No llegaron (%)', report.no_show_rate === null ? '' : (report.no_show_rate * 100).toFixed(1)],
    ['Primera vez', String(report.first_time)],
    ['Regresan', String(report.returning)],
  ];
  return stringify(rows, {
    bom: true,
    header: true,
    columns: ['Dato', 'Valor'],
    record_delimiter: 'windows',
  });
}
