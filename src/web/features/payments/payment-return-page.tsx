import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMyPayments } from '../../api/my-payments';
import { PaymentPanel } from '../../components/my-payment';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';

/** How long the page keeps asking for a confirmation that has not arrived yet. */
const WAIT_FOR_CONFIRMATION_MS = 60_000;

/**
 * /pago?evento={id}: where the payment page sends the member back. The address proves nothing:
 * the state is read from the server, and read again every 2 seconds for a minute while the
 * provider's confirmation is on its way.
 */
export function PaymentReturnPage() {
  usePageTitle('Tu pago');
  const eventId = Number(useSearchParams()[0].get('evento'));
  const [waiting, setWaiting] = useState(true);
  const payments = useMyPayments(true, waiting);
  const payment = payments.data?.find((entry) => entry.event_id === eventId);
  const queryClient = useQueryClient();
  const settled = payment !== undefined && payment.state !== 'due';

  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), WAIT_FOR_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!settled) return;
    setWaiting(false);
    // The place changed too (confirmed, with its ticket): /asistencias and the event page show it.
    void queryClient.invalidateQueries({ queryKey: ['client', 'events'] });
  }, [settled, queryClient]);

  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold">Tu pago</h1>
      <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
        {payments.isPending ? (
          <Spinner label="Revisando tu pago…" />
        ) : !payment ? (
          <p>No encontramos un lugar por pagar en este evento.</p>
        ) : payment.state === 'paid' ? (
          <>
            <p className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
              <CheckCircle2 className="size-6" aria-hidden /> ¡Pago recibido! Tu lugar está confirmado
            </p>
            <PaymentPanel payment={payment} />
            <Link
              to="/asistencias"
              className="rounded-full bg-accent px-4 py-3 text-center font-semibold text-white hover:opacity-90"
            >
              Ver mi boleto
            </Link>
          </>
        ) : payment.state === 'awaiting' ? (
          <>
            <p className="text-lg font-semibold">
              {payment.instructions?.kind === 'spei'
                ? 'Haz tu transferencia para confirmar tu lugar'
                : 'Tu ficha OXXO está lista: págala para confirmar tu lugar'}
            </p>
            <PaymentPanel payment={payment} />
          </>
        ) : payment.state === 'due' && waiting ? (
          <Spinner label="Estamos confirmando tu pago…" />
        ) : payment.state === 'due' ? (
          <>
            <p className="font-semibold">Aún no recibimos tu pago.</p>
            <PaymentPanel payment={payment} />
          </>
        ) : (
          <PaymentPanel payment={payment} />
        )}
        <Link to={`/evento/${eventId}`} className="text-center text-sm font-semibold text-accent underline">
          Ver el evento
        </Link>
      </div>
    </section>
  );
}
