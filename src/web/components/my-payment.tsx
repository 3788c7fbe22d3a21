import { Check, Copy, CreditCard, Landmark, Store } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { MemberPayment, PaymentInstructions } from '../../shared/contracts/payments';
import { formatInstant } from '../../shared/domain/mexico-dates';
import { formatCents, PAYMENT_METHOD_NAMES, refundRoute } from '../../shared/domain/money';
import { useStartCheckout } from '../api/my-payments';
import { type CheckedCode, PromoCodeField } from './promo-code-field';
import { ErrorAlert } from './ui/alert';
import { Button } from './ui/button';

/** 'quedan 25 minutos', 'quedan 2 h 10 min', 'queda 1 día': refreshed every 30 seconds. */
function useTimeLeft(dueAt: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!dueAt) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [dueAt]);
  if (!dueAt) return null;
  const minutes = Math.max(0, Math.ceil((new Date(dueAt).getTime() - now) / 60_000));
  if (minutes >= 48 * 60) return `quedan ${Math.floor(minutes / 1440)} días`;
  if (minutes >= 24 * 60) return 'queda 1 día';
  if (minutes >= 60) return `quedan ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return minutes === 1 ? 'queda 1 minuto' : `quedan ${minutes} minutos`;
}

/** The one line that says where the payment of a held place stands, for the standing note. */
export function paymentSentence(payment: MemberPayment): string {
  switch (payment.state) {
    case 'due':
      return 'Lugar apartado: paga para confirmarlo';
    case 'awaiting':
      return payment.instructions?.kind === 'spei'
        ? 'Lugar apartado: esperamos tu transferencia SPEI'
        : 'Lugar apartado: paga tu ficha en OXXO para confirmarlo';
    case 'paid':
      return 'Pagado';
    case 'refunding':
      return 'Reembolso en camino';
    case 'refunded':
      return 'Pago reembolsado';
  }
}

/**
 * What the member does about the payment of her place: pay (with the time left), the OXXO
 * voucher or the SPEI details while they are pending, and what was paid once it is.
 */
/** `withCode`: the event page, where she may type a promo code before she pays (docs/design/25-organizers.md). */
export function PaymentPanel({ payment, withCode = false }: { payment: MemberPayment; withCode?: boolean }) {
  const [code, setCode] = useState<CheckedCode | null>(null);
  const timeLeft = useTimeLeft(
    payment.state === 'due' || payment.state === 'awaiting' ? payment.due_at : null,
  );
  if (payment.state === 'due') {
    return (
      <div className="flex flex-col gap-2">
        {payment.due_at ? (
          <p className="text-sm text-ink">
            Paga antes del {formatInstant(payment.due_at)} (
            {/* The minutes left move on between the server's render and the browser's. */}
            <span suppressHydrationWarning>{timeLeft}</span>); si no, el lugar pasará a la siguiente persona
            en espera.
          </p>
        ) : null}
        {/* A place holds one code: the one applied is said, never offered again. */}
        {payment.code ? (
          <p className="rounded-lg bg-accent-soft px-4 py-3 text-sm text-ink">
            Código <strong>{payment.code}</strong> aplicado a tu lugar.
          </p>
        ) : withCode ? (
          <PromoCodeField eventId={payment.event_id} checked={code} onChange={setCode} />
        ) : null}
        <PayButton
          eventId={payment.event_id}
          amountCents={code?.priceCents ?? payment.amount_cents}
          code={code?.code}
        />
        <p className="flex items-center gap-2 text-xs text-muted">
          <CreditCard className="size-4" aria-hidden /> Tarjeta, efectivo en OXXO o transferencia SPEI
        </p>
      </div>
    );
  }
  if (payment.state === 'awaiting' && payment.instructions) {
    return (
      <PendingInstructions
        instructions={payment.instructions}
        amountCents={payment.amount_cents}
        timeLeft={timeLeft}
      />
    );
  }
  if (payment.state === 'paid') {
    const paid = [
      `Pagado: ${formatCents(payment.amount_cents)}`,
      payment.method ? ` con ${PAYMENT_METHOD_NAMES[payment.method]}` : '',
      payment.paid_at ? `, el ${formatInstant(payment.paid_at)}` : '',
    ].join('');
    // A time ends in "a.m." or "p.m.": its period closes the sentence too.
    return <p className="text-sm text-ink">{paid.endsWith('.') ? paid : `${paid}.`}</p>;
  }
  if (payment.state === 'refunding' || payment.state === 'refunded') {
    return (
      <p className="text-sm text-ink">
        {payment.state === 'refunding' ? 'Te estamos devolviendo' : 'Te devolvimos'}{' '}
        {formatCents(payment.amount_cents)}. {refundRoute(payment.method)}
      </p>
    );
  }
  return null;
}

function PayButton({ eventId, amountCents, code }: { eventId: number; amountCents: number; code?: string }) {
  const checkout = useStartCheckout();
  // After success the browser is leaving for the payment page: the button stays busy.
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <>
      <ErrorAlert error={checkout.error} />
      <Button onClick={() => checkout.mutate({ eventId, code })} disabled={busy} className="w-full">
        {busy
          ? 'Abriendo la página de pago…'
          : amountCents === 0
            ? 'Confirmar mi lugar'
            : `Pagar ${formatCents(amountCents)}`}
      </Button>
    </>
  );
}

function PendingInstructions({
  instructions,
  amountCents,
  timeLeft,
}: {
  instructions: PaymentInstructions;
  amountCents: number;
  timeLeft: string | null;
}) {
  const oxxo = instructions.kind === 'oxxo';
  return (
    <section
      aria-label={oxxo ? 'Ficha OXXO' : 'Datos para tu transferencia SPEI'}
      className="flex flex-col gap-2 rounded-xl border border-dashed border-black/20 p-4 text-sm"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        {oxxo ? (
          <Store className="size-5 text-accent" aria-hidden />
        ) : (
          <Landmark className="size-5 text-accent" aria-hidden />
        )}
        {oxxo ? 'Paga en efectivo en cualquier OXXO' : 'Transfiere por SPEI desde tu banco'}
      </h3>
      {instructions.kind === 'spei' ? <Clabe clabe={instructions.clabe} /> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {instructions.kind === 'oxxo' ? (
          <>
            <dt className="text-muted">Referencia</dt>
            <dd className="font-mono font-semibold break-all">{instructions.number}</dd>
          </>
        ) : (
          <>
            {instructions.account_holder_name ? (
              <>
                <dt className="text-muted">Beneficiario</dt>
                <dd>{instructions.account_holder_name}</dd>
              </>
            ) : null}
            <dt className="text-muted">Banco</dt>
            <dd>{instructions.bank_name}</dd>
            <dt className="text-muted">Referencia</dt>
            <dd className="font-mono">{instructions.reference}</dd>
          </>
        )}
        <dt className="text-muted">Monto</dt>
        <dd className="font-semibold">{formatCents(amountCents)}</dd>
        <dt className="text-muted">{oxxo ? 'Vence' : 'Tu lugar queda apartado hasta'}</dt>
        <dd suppressHydrationWarning>
          {formatInstant(instructions.expires_at)}
          {timeLeft ? ` (${timeLeft})` : ''}
        </dd>
      </dl>
      {instructions.url ? (
        <a
          href={instructions.url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-accent underline"
        >
          {oxxo ? 'Ver la ficha para imprimir' : 'Ver las instrucciones completas'}
        </a>
      ) : null}
      <p className="text-xs text-muted">
        Al recibir el pago confirmamos tu lugar y te enviamos tu boleto por correo.
      </p>
    </section>
  );
}

/** '002180123456789012' → '002 180 123 456 789 012': bank, branch, then the account in threes. */
function groupClabe(clabe: string): string {
  return clabe.replace(/(\d{3})(?=\d)/g, '$1 ');
}

/**
 * The CLABE on one line even on a 360 px phone, grouped to be read out or typed into a banking
 * app, with a button that copies its digits (without the spaces banks refuse).
 */
function Clabe({ clabe }: { clabe: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(clabe);
      setCopied(true);
    } catch {
      // Without clipboard access (an old browser, a denied permission) the grouped digits stay visible to copy by hand.
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <span className="text-muted">CLABE</span>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-base font-semibold whitespace-nowrap">{groupClabe(clabe)}</span>
        <Button variant="secondary" className="px-3 py-1.5" onClick={copy}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copiada' : 'Copiar'}
        </Button>
      </div>
      <span className="sr-only" aria-live="polite">
        {copied ? 'CLABE copiada' : ''}
      </span>
    </div>
  );
}
