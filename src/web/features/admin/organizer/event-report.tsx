import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { genderLabel } from '../../../../shared/domain/genders';
import { formatCents } from '../../../../shared/domain/money';
import { adminPost } from '../../../api/admin';
import { sessionHint } from '../../../api/client';
import { BannerSlot, bannerFrom, smallButton } from '../../../components/admin/admin-ui';
import { Spinner } from '../../../components/ui/spinner';

const percent = (rate: number) => `${(rate * 100).toFixed(0)} %`;

/** The night's numbers an organizer acts on (docs/design/25-organizers.md), and the same as CSV. */
export function EventReportPanel({ eventId }: { eventId: number }) {
  const report = useQuery({
    queryKey: ['admin', 'event', eventId, 'report'],
    queryFn: () =>
      adminPost('admin/event/report', { admin_id: sessionHint('admin') ?? undefined, event_id: eventId }),
  });
  const figures = report.data?.report;
  return (
    <section
      aria-labelledby="event-report"
      className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="event-report" className="text-lg font-semibold">
          Números del evento
        </h2>
        <a className={smallButton()} href={`/api/event/report.csv?event_id=${eventId}`} download>
          <Download className="size-4" aria-hidden /> Números en CSV
        </a>
      </div>
      {report.isPending ? <Spinner /> : null}
      {report.isError ? <BannerSlot banner={bannerFrom(report.error)} /> : null}
      {figures ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt>Ingresos brutos</dt>
          <dd>{formatCents(figures.gross_cents)}</dd>
          <dt>Reembolsos</dt>
          <dd>{formatCents(figures.refunded_cents)}</dd>
          <dt>Descuentos por código</dt>
          <dd>
            {formatCents(figures.code_discounts_cents)}
            {figures.code_discounts.length > 0
              ? ` (${figures.code_discounts.map((code) => `${code.code}: ${formatCents(code.discount_cents)}`).join(' · ')})`
              : null}
          </dd>
          <dt>Ingresos netos</dt>
          <dd>{formatCents(figures.net_cents)}</dd>
          <dt>Confirmados</dt>
          <dd>
            {figures.confirmed} (mujeres {figures.confirmed_women} · hombres {figures.confirmed_men} ·{' '}
            {genderLabel(3)} {figures.confirmed_lgbtq})
          </dd>
          <dt>No llegaron</dt>
          <dd>{figures.no_show_rate === null ? 'La noche no ha empezado' : percent(figures.no_show_rate)}</dd>
          <dt>Primera vez</dt>
          <dd>{figures.first_time}</dd>
          <dt>Regresan</dt>
          <dd>{figures.returning}</dd>
        </dl>
      ) : null}
    </section>
  );
}
