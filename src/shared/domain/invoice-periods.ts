import type { InvoicePeriod } from './cfdi';

/**
 * The global invoice's periods (docs/design/28-facturas.md): calendar days, Monday-to-Sunday weeks,
 * fortnights (1–15 and 16 to the month's end) and months, on Mexico City dates 'YYYY-MM-DD'.
 */

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (date: Date) => date.toISOString().slice(0, 10);

function lastOfMonth(day: string): string {
  const date = asDate(day);
  return asDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

/** The last day of the period `day` falls in. */
export function periodEnd(day: string, period: InvoicePeriod): string {
  const date = asDate(day);
  switch (period) {
    case 'day':
      return day;
    case 'week': {
      const toSunday = (7 - date.getUTCDay()) % 7;
      return asDay(new Date(date.getTime() + toSunday * 86_400_000));
    }
    case 'fortnight':
      return date.getUTCDate() <= 15 ? `${day.slice(0, 8)}15` : lastOfMonth(day);
    case 'month':
      return lastOfMonth(day);
  }
}

/** InformacionGlobal's c_Periodicidad: 01 diario, 02 semanal, 03 quincenal, 04 mensual. */
export const PERIODICIDAD: Record<InvoicePeriod, string> = {
  day: '01',
  week: '02',
  fortnight: '03',
  month: '04',
};

/** InformacionGlobal's Meses (c_Meses 01–12): the period's month, for every periodicity but bimonthly. */
export function mesesOf(end: string): string {
  return end.slice(5, 7);
}
