import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminReport,
  REPORT_REASON_LABELS,
  type ReportsUpdateBody,
} from '../../../../shared/contracts/trust';
import { formatInstant } from '../../../../shared/domain/mexico-dates';
import { adminPost } from '../../../api/admin';
import {
  type Banner,
  BannerSlot,
  bannerFrom,
  EmptyState,
  PageHeader,
  smallButton,
  Tag,
} from '../../../components/admin/admin-ui';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';

const FILTER_LABELS = { 1: 'Pendientes', 2: 'Resueltos', 3: 'Descartados' } as const;

const ACTION_LABELS = { hide_advert: 'Anuncio ocultado', deactivate: 'Cuenta desactivada' } as const;

/** The reports queue (docs/design/13-trust.md): open reports first, each with its actions; stacked cards fit a phone. */
export function ReportsPage() {
  usePageTitle('Reportes');
  const queryClient = useQueryClient();
  const [statusId, setStatusId] = useState<1 | 2 | 3>(1);
  const [banner, setBanner] = useState<Banner>(null);
  const reports = useQuery({
    queryKey: ['admin', 'reports', statusId],
    queryFn: () => adminPost('admin/reports/get', { status_id: statusId }),
  });
  const decide = useMutation({
    mutationFn: (report: ReportsUpdateBody['report']) => adminPost('admin/reports/update', { report }),
    onSuccess: (response) => setBanner({ status: 'success', message: response.message }),
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
  return (
    <section>
      <PageHeader title="Reportes" />
      <BannerSlot banner={banner} />
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">Estado de los reportes</legend>
        {([1, 2, 3] as const).map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={status === statusId}
            className={smallButton(status === statusId ? 'primary' : 'default')}
            onClick={() => setStatusId(status)}
          >
            {FILTER_LABELS[status]}
          </button>
        ))}
      </fieldset>
      {reports.isPending ? (
        <Spinner />
      ) : reports.isError ? (
        <BannerSlot banner={bannerFrom(reports.error)} />
      ) : reports.data.reports.length === 0 ? (
        <EmptyState text={statusId === 1 ? 'No hay reportes pendientes' : 'No hay reportes en este estado'} />
      ) : (
        <ul aria-label="Reportes" className="flex flex-col gap-3">
          {reports.data.reports.map((report) => (
            <li key={report.id}>
              <ReportCard
                report={report}
                busy={decide.isPending}
                onDecide={(change) => decide.mutate(change)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportCard({
  report,
  busy,
  onDecide,
}: {
  report: AdminReport;
  busy: boolean;
  onDecide: (change: ReportsUpdateBody['report']) => void;
}) {
  const { reported } = report;
  const advertVisible = reported.advert_status === 1 && Boolean(reported.description);
  return (
    <article
      aria-label={`Reporte sobre ${reported.name}`}
      className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-3 [overflow-wrap:anywhere]"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Tag tone="red">{REPORT_REASON_LABELS[report.reason]}</Tag>
        <strong>{reported.name}</strong>
        <Link
          to={`/admin/clients?search=${encodeURIComponent(reported.email)}`}
          className="text-sm text-accent underline"
        >
          Ver cliente
        </Link>
        {reported.status_id !== 1 ? <Tag>Cuenta inactiva</Tag> : null}
        {report.action ? <Tag tone="green">{ACTION_LABELS[report.action]}</Tag> : null}
      </div>
      <p className="text-sm text-slate-600">
        Reportado por {report.reporter.name} ·{' '}
        <time dateTime={report.created_at}>{formatInstant(report.created_at)}</time>
      </p>
      {report.text ? <p className="whitespace-pre-line">{report.text}</p> : null}
      {report.message_text !== null ? (
        <blockquote className="border-l-4 border-red-200 pl-3 text-sm whitespace-pre-line text-slate-700">
          <span className="block text-xs font-semibold text-slate-500 uppercase">Mensaje reportado</span>
          {report.message_text}
        </blockquote>
      ) : null}
      {reported.description ? (
        <blockquote className="border-l-4 border-slate-200 pl-3 text-sm text-slate-700">
          <span className="block text-xs font-semibold text-slate-500 uppercase">
            Anuncio {advertVisible ? '(visible)' : '(no se muestra)'}
          </span>
          {reported.description}
        </blockquote>
      ) : null}
      {report.status_id === 1 ? (
        <div className="flex flex-wrap gap-2 pt-1">
          {advertVisible ? (
            <button
              type="button"
              className={smallButton('primary')}
              disabled={busy}
              onClick={() => onDecide({ id: report.id, status_id: 2, action: 'hide_advert' })}
            >
              Ocultar anuncio
            </button>
          ) : null}
          {reported.status_id === 1 ? (
            <ConfirmDialog
              trigger={
                <button type="button" className={smallButton('danger')} disabled={busy}>
                  Desactivar cuenta
                </button>
              }
              title="Desactivar cuenta"
              question={`¿Desactivar la cuenta de ${reported.name}? Se cerrarán sus sesiones; puedes reactivarla en Clientes.`}
              confirmLabel="Desactivar"
              destructive
              onConfirm={() => onDecide({ id: report.id, status_id: 2, action: 'deactivate' })}
            />
          ) : null}
          <button
            type="button"
            className={smallButton()}
            disabled={busy}
            onClick={() => onDecide({ id: report.id, status_id: 2 })}
          >
            Resolver sin acción
          </button>
          <button
            type="button"
            className={smallButton()}
            disabled={busy}
            onClick={() => onDecide({ id: report.id, status_id: 3 })}
          >
            Descartar
          </button>
        </div>
      ) : null}
    </article>
  );
}
