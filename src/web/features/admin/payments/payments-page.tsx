import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ADMIN_PAYMENTS_PAGE_SIZE,
  type AdminPayment,
  type PaymentStatusName,
  paymentStatusSchema,
} from '../../../../shared/contracts/payments';
import { formatInstant } from '../../../../shared/domain/mexico-dates';
import { formatCents } from '../../../../shared/domain/money';
import { adminPost } from '../../../api/admin';
import {
  type Banner,
  BannerSlot,
  bannerFrom,
  Cell,
  EmptyState,
  PageHeader,
  Pager,
  smallButton,
  Table,
  Tag,
} from '../../../components/admin/admin-ui';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, PAYMENT_STATUS_TONES } from './payment-labels';

/** /admin/pagos (docs/design/15-payments.md): every payment, newest first, by event (?evento=) and status, with refunds. */
export function PaymentsPage() {
  usePageTitle('Pagos');
  const [params, setParams] = useSearchParams();
  const eventId = Number(params.get('evento')) || undefined;
  const parsedStatus = paymentStatusSchema.safeParse(params.get('estado'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const [page, setPage] = useState(1);
  const [banner, setBanner] = useState<Banner>(null);
  const queryClient = useQueryClient();
  const payments = useQuery({
    queryKey: ['admin', 'payments', eventId, status, page],
    queryFn: () => adminPost('admin/payments/get', { event_id: eventId, status, page }),
    placeholderData: keepPreviousData,
  });
  const refund = useMutation({
    mutationFn: (paymentId: number) => adminPost('admin/payments/refund', { payment_id: paymentId }),
    onSuccess: (answer) => setBanner({ status: 'success', message: answer.message }),
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] }),
  });
  const chooseStatus = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('estado', value);
    else next.delete('estado');
    setParams(next);
    setPage(1);
  };

  return (
    <section>
      <PageHeader title="Pagos">
        <label className="flex items-center gap-2 text-sm">
          Estado
          <select
            value={status ?? ''}
            onChange={(event) => chooseStatus(event.target.value)}
            className="rounded border border-slate-300 bg-white px-2 py-1.5"
          >
            <option value="">Todos</option>
            {paymentStatusSchema.options.map((option) => (
              <option key={option} value={option}>
                {PAYMENT_STATUS_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
      </PageHeader>
      {eventId ? (
        <p className="mb-3 text-sm">
          Pagos de un evento ·{' '}
          <Link to="/admin/pagos" className="text-accent underline">
            Ver todos
          </Link>
        </p>
      ) : null}
      <BannerSlot banner={banner} />
      {payments.isPending ? (
        <Spinner />
      ) : payments.isError ? (
        <BannerSlot banner={bannerFrom(payments.error)} />
      ) : payments.data.payments.length === 0 ? (
        <EmptyState text="No hay pagos" />
      ) : (
        <>
          <Table head={['Fecha', 'Evento', 'Persona', 'Monto', 'Método', 'Estado', '']}>
            {payments.data.payments.map((payment) => (
              <PaymentRow
                key={payment.id}
                payment={payment}
                refunding={refund.isPending && refund.variables === payment.id}
                onRefund={() => refund.mutate(payment.id)}
              />
            ))}
          </Table>
          <Pager
            page={payments.data.page}
            pageSize={ADMIN_PAYMENTS_PAGE_SIZE}
            total={payments.data.total}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

function statusLabel(payment: AdminPayment): { text: string; tone: 'slate' | 'red' | 'amber' | 'green' } {
  if (payment.refund_requested) return { text: 'Reembolso en curso', tone: 'amber' };
  return {
    text: PAYMENT_STATUS_LABELS[payment.status as PaymentStatusName],
    tone: PAYMENT_STATUS_TONES[payment.status],
  };
}

function PaymentRow({
  payment,
  refunding,
  onRefund,
}: {
  payment: AdminPayment;
  refunding: boolean;
  onRefund: () => void;
}) {
  const shown = statusLabel(payment);
  return (
    <tr>
      <Cell label="Fecha">{formatInstant(payment.paid_at ?? payment.created_at)}</Cell>
      <Cell label="Evento">
        <Link to={`/admin/event/${payment.event_id}`} className="text-accent underline">
          {payment.event_name}
        </Link>
      </Cell>
      <Cell label="Persona">
        <span className="block font-medium">{payment.client}</span>
        <span className="block text-xs text-slate-500">{payment.email}</span>
      </Cell>
      <Cell label="Monto">
        {formatCents(payment.amount_cents)}
        {payment.refunded_cents > 0 ? (
          <span className="block text-xs text-slate-500">
            Reembolsado: {formatCents(payment.refunded_cents)}
          </span>
        ) : null}
      </Cell>
      <Cell label="Método">{payment.method ? PAYMENT_METHOD_LABELS[payment.method] : '—'}</Cell>
      <Cell label="Estado">
        <Tag tone={shown.tone}>{shown.text}</Tag>
      </Cell>
      <Cell>
        {payment.status === 'paid' && !payment.refund_requested ? (
          <ConfirmDialog
            trigger={
              <button type="button" className={smallButton('danger')} disabled={refunding}>
                {refunding ? 'Reembolsando…' : 'Reembolsar'}
              </button>
            }
            question={`¿Reembolsar ${formatCents(payment.amount_cents)} a ${payment.client}? El lugar no se cancela: hazlo aparte si hace falta.`}
            onConfirm={onRefund}
          />
        ) : null}
      </Cell>
    </tr>
  );
}
