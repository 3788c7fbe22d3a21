import { clsx } from 'clsx';
import { Copy, Share2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { ClientInviteGetAnswer, EarnedCode } from '../../../shared/contracts/invites';
import { EARNED_CODE_STATE_LABELS } from '../../../shared/domain/invites';
import { formatCalendarDate } from '../../../shared/domain/mexico-dates';
import { formatCents } from '../../../shared/domain/money';
import { discountLabel } from '../../../shared/domain/promo-codes';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { useInvites } from './api';

/** /invitar, "Trae a alguien" (docs/design/25-organizers.md): her link to share, what it brought, the codes it earned. */
export function InvitePage() {
  usePageTitle('Trae a alguien');
  const invites = useInvites();
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Trae a alguien</h1>
      {invites.isPending ? (
        <Spinner label="Cargando…" />
      ) : invites.isError ? (
        <ErrorAlert error={invites.error} />
      ) : (
        <>
          <RewardLine reward={invites.data.reward} />
          <Card title="Tu enlace">
            <ShareLink link={invites.data.link} />
          </Card>
          <Card title="Cómo va">
            <dl className="grid grid-cols-2 gap-3 text-center">
              <Figure label="Se registraron con tu enlace" value={invites.data.signed_up} />
              <Figure label="Ya vinieron a una noche" value={invites.data.came} />
            </dl>
          </Card>
          <Card title="Tus códigos">
            <EarnedCodes codes={invites.data.codes} />
          </Card>
        </>
      )}
    </section>
  );
}

function discountOf(code: { percent_off: number | null; amount_off_cents: number | null }): string {
  return discountLabel(code, formatCents);
}

/** What a first night earns now; while the admins have it off, the link is only an invitation. */
function RewardLine({ reward }: { reward: ClientInviteGetAnswer['reward'] }) {
  if (!reward) {
    return <p className="text-muted">Comparte tu enlace con quien quieras que conozca Cita.</p>;
  }
  return (
    <p className="text-muted">
      Comparte tu enlace. Cuando alguien se registre con él y llegue a su primera noche, ganas un código de{' '}
      <strong className="text-ink">{discountOf(reward)} de descuento</strong> para una noche, válido{' '}
      {reward.valid_days === 1 ? '1 día' : `${reward.valid_days} días`}.
    </p>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
    >
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse gap-1 rounded-xl bg-cream p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-3xl font-bold text-accent">{value}</dd>
    </div>
  );
}

/**
 * The link in a field she can select, "Copiar enlace" through the Clipboard API and, on a phone
 * that has it, "Compartir" through the Web Share API (WhatsApp and the rest).
 */
function ShareLink({ link }: { link: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }
  async function share() {
    try {
      await navigator.share({
        title: 'Cita',
        text: 'Te invito a Cita: noches para conocer gente.',
        url: link,
      });
    } catch {
      // She closed the share sheet: nothing to say.
    }
  }
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor="enlace-invitacion" className="text-sm font-medium">
        Tu enlace para invitar
      </label>
      <input
        id="enlace-invitacion"
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        className={clsx(inputClass, 'font-mono text-sm')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={copy}>
          <Copy className="size-4" aria-hidden /> Copiar enlace
        </Button>
        {canShare ? (
          <Button type="button" variant="secondary" onClick={share}>
            <Share2 className="size-4" aria-hidden /> Compartir
          </Button>
        ) : null}
      </div>
      {copied === 'yes' ? <Alert status="success" message="¡Enlace copiado! Pégalo en un mensaje." /> : null}
      {copied === 'no' ? (
        <Alert status="warning" message="No pudimos copiarlo: selecciona el enlace y cópialo a mano." />
      ) : null}
    </div>
  );
}

const STATE_STYLES: Record<EarnedCode['state'], string> = {
  available: 'bg-emerald-100 text-emerald-900',
  used: 'bg-black/10 text-ink',
  expired: 'bg-amber-100 text-amber-900',
};

function EarnedCodes({ codes }: { codes: EarnedCode[] }) {
  if (codes.length === 0) {
    return (
      <p className="text-sm text-muted">
        Todavía no ganas códigos: llegan cuando alguien que invitaste viene a su primera noche.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {codes.map((code) => (
          <li
            key={code.code}
            aria-label={`Código ${code.code}`}
            className="flex flex-col gap-1 rounded-xl border border-black/10 p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono text-lg font-semibold tracking-wide break-all">{code.code}</span>
              <span
                className={clsx('rounded-full px-3 py-0.5 text-xs font-semibold', STATE_STYLES[code.state])}
              >
                {EARNED_CODE_STATE_LABELS[code.state]}
              </span>
            </div>
            <p className="text-sm">{discountOf(code)} de descuento en una noche</p>
            <p className="text-sm text-muted">
              {code.invited ? `Por invitar a ${code.invited}` : 'Por invitar a alguien'}
              {code.valid_until ? ` · válido hasta el ${formatCalendarDate(code.valid_until)}` : ''}
            </p>
          </li>
        ))}
      </ul>
      {codes.some((code) => code.state === 'available') ? (
        <p className="text-sm text-muted">
          Escríbelo en la página del evento, en «¿Tienes un código?». Es personal: solo funciona con tu
          cuenta.{' '}
          <Link to="/eventos" className="font-semibold text-accent underline">
            Ver eventos
          </Link>
        </p>
      ) : null}
    </div>
  );
}
