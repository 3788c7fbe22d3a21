import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminInvoiceDocument, AdminInvoicesGetBody } from '../../../../shared/contracts/invoices';
import { periodEnd } from '../../../../shared/domain/invoice-periods';
import { formatCalendarDate, formatInstant } from '../../../../shared/domain/mexico-dates';
import { dayInMexicoCity } from '../../../../shared/domain/mexico-time';
import { formatCents } from '../../../../shared/domain/money';
import { adminPost } from '../../../api/admin';
import {
  type Banner,
  BannerSlot,
  bannerFrom,
  Cell,
  EmptyState,
  PageHeader,
  smallButton,
  Table,
  Tag,
} from '../../../components/admin/admin-ui';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';
import { INVOICE_KIND_LABELS, INVOICE_STATE_LABELS, INVOICE_STATE_TONES, shortUuid } from './invoice-labels';

const fieldClass = 'rounded border border-slate-300 bg-white px-2 py-1.5 text-sm';

type Period = { mode: 'month'; month: string } | { mode: 'range'; from: string; to: string };

/** What admin/invoices/get is asked for: a whole month, or the days written (either may be left open). */
function bodyOf(period: Period): AdminInvoicesGetBody {
  if (period.mode === 'month') {
    const from = `${period.month}-01`;
    return { from, to: periodEnd(from, 'month') };
  }
  return { ...(period.from && { from: period.from }), ...(period.to && { to: period.to }) };
}

/**
 * /admin/facturacion (docs/design/28-facturas.md): the period's fiscal documents and totals, a
 * failed one retried, and the period closed by hand into its global invoice.
 */
export function InvoicesPage() {
  usePageTitle('Facturación');
  const today = dayInMexicoCity();
  const [period, setPeriod] = useState<Period>({ mode: 'month', month: today.slice(0, 7) });
  const [banner, setBanner] = useState<Banner>(null);
  const queryClient = useQueryClient();
  const body = bodyOf(period);
  const invoices = useQuery({
    queryKey: ['admin', 'invoices', body.from, body.to],
    queryFn: () => adminPost('admin/invoices/get', body),
    placeholderData: keepPreviousData,
    // The queue issues and retries documents behind the page: a period seen again is read again.
    staleTime: 0,
  });
  const retry = useMutation({
    mutationFn: (id: number) => adminPost('admin/invoice/retry', { id }),
    onSuccess: (answer) => setBanner({ status: 'success', message: answer.message }),
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'invoices'] }),
  });

  return (
    <section>
      <PageHeader title="Facturación" />
      <PeriodChooser period={period} onChange={setPeriod} />
      <BannerSlot banner={banner} />
      {invoices.isPending ? (
        <Spinner />
      ) : invoices.isError ? (
        <BannerSlot banner={bannerFrom(invoices.error)} />
      ) : (
        <>
          <dl className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Total label="Facturado a clientes" cents={invoices.data.totals.invoiced_cents} />
            <Total label="En factura global" cents={invoices.data.totals.global_cents} />
            <Total label="Notas de crédito / cancelado" cents={invoices.data.totals.credited_cents} />
          </dl>
          {invoices.data.documents.length === 0 ? (
            <EmptyState text="No hay documentos fiscales en este periodo" />
          ) : (
            <Table head={['Fecha', 'Documento', 'Concepto', 'Monto', 'Estado', 'UUID', '']}>
              {invoices.data.documents.map((document) => (
                <DocumentRow
                  key={document.id}
                  document={document}
                  retrying={retry.isPending && retry.variables === document.id}
                  onRetry={() => retry.mutate(document.id)}
                />
              ))}
            </Table>
          )}
        </>
      )}
      <ClosePeriod today={today} />
    </section>
  );
}

function PeriodChooser({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const month = period.mode === 'month' ? period.month : dayInMexicoCity().slice(0, 7);
  return (
    <fieldset className="mb-4 flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold">Periodo</legend>
      <label className="flex flex-col gap-1 text-sm">
        Ver
        <select
          value={period.mode}
          onChange={(event) =>
            onChange(
              event.target.value === 'range'
                ? { mode: 'range', from: `${month}-01`, to: periodEnd(`${month}-01`, 'month') }
                : { mode: 'month', month },
            )
          }
          className={fieldClass}
        >
          <option value="month">Un mes</option>
          <option value="range">Entre dos fechas</option>
        </select>
      </label>
      {period.mode === 'month' ? (
        <label className="flex flex-col gap-1 text-sm">
          Mes
          <input
            type="month"
            value={period.month}
            onChange={(event) => event.target.value && onChange({ mode: 'month', month: event.target.value })}
            className={fieldClass}
          />
        </label>
      ) : (
        <>
          <label className="flex flex-col gap-1 text-sm">
            Desde
            <input
              type="date"
              value={period.from}
              onChange={(event) => onChange({ ...period, from: event.target.value })}
              className={fieldClass}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Hasta
            <input
              type="date"
              value={period.to}
              onChange={(event) => onChange({ ...period, to: event.target.value })}
              className={fieldClass}
            />
          </label>
        </>
      )}
    </fieldset>
  );
}

function Total({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="rounded border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold">{formatCents(cents)}</dd>
    </div>
  );
}

function DocumentRow({
  document,
  retrying,
  onRetry,
}: {
  document: AdminInvoiceDocument;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <tr>
      <Cell label="Fecha">{formatInstant(document.issued_at ?? document.created_at)}</Cell>
      <Cell label="Documento">{INVOICE_KIND_LABELS[document.kind]}</Cell>
      <Cell label="Concepto">{document.description}</Cell>
      <Cell label="Monto">{formatCents(document.total_cents)}</Cell>
      <Cell label="Estado">
        <Tag tone={INVOICE_STATE_TONES[document.state]}>{INVOICE_STATE_LABELS[document.state]}</Tag>
        {document.error ? <span className="mt-1 block text-xs text-red-800">{document.error}</span> : null}
      </Cell>
      <Cell label="UUID">
        {document.uuid ? (
          <span title={document.uuid} className="font-mono text-xs">
            {shortUuid(document.uuid)}
          </span>
        ) : (
          '—'
        )}
      </Cell>
      <Cell>
        {document.state === 'failed' ? (
          <button type="button" className={smallButton('primary')} disabled={retrying} onClick={onRetry}>
            {retrying ? 'Reintentando…' : 'Reintentar'}
          </button>
        ) : null}
      </Cell>
    </tr>
  );
}

/** Closes the period by hand: the receipts nobody invoiced up to the day chosen go into one global invoice. */
function ClosePeriod({ today }: { today: string }) {
  const [periodEndDay, setPeriodEndDay] = useState(today);
  const [banner, setBanner] = useState<Banner>(null);
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: (day: string) => adminPost('admin/invoices/close-period', { period_end: day }),
    onSuccess: ({ global }) =>
      setBanner({
        status: 'success',
        message: global
          ? `Factura global emitida por ${formatCents(global.total_cents)}: ${global.description}${global.uuid ? ` (UUID ${shortUuid(global.uuid)})` : ''}`
          : 'No había recibos por facturar en el periodo',
      }),
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'invoices'] }),
  });
  return (
    <section aria-labelledby="cerrar-periodo" className="mt-8 rounded border border-slate-200 bg-white p-4">
      <h2 id="cerrar-periodo" className="text-lg font-semibold">
        Cerrar periodo
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Los recibos que nadie facturó hasta el día elegido entran en una factura global a público en general.
        Cerrar dos veces no agrega nada.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          Cerrar hasta el
          <input
            type="date"
            value={periodEndDay}
            max={today}
            onChange={(event) => setPeriodEndDay(event.target.value)}
            className={fieldClass}
          />
        </label>
        <ConfirmDialog
          trigger={
            <button
              type="button"
              className={smallButton('primary')}
              disabled={close.isPending || !periodEndDay}
            >
              {close.isPending ? 'Cerrando…' : 'Cerrar periodo'}
            </button>
          }
          title="Cerrar periodo"
          question={`¿Emitir la factura global con los recibos sin facturar hasta el ${formatCalendarDate(periodEndDay)}? Una vez emitida, esos pagos ya no pueden facturarse por separado.`}
          confirmLabel="Sí, cerrar"
          onConfirm={() => {
            setBanner(null);
            close.mutate(periodEndDay);
          }}
        />
      </div>
      {banner ? (
        <div className="mt-3">
          <BannerSlot banner={banner} />
        </div>
      ) : null}
    </section>
  );
}
