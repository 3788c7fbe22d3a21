import type { PriceUntil } from '../../../shared/contracts/events';
import { formatCalendarDate } from '../../../shared/domain/mexico-dates';
import { formatCents } from '../../../shared/domain/money';
import { EVENT_STATUS } from '../../../shared/domain/statuses';
import type { CheckedCode } from '../../components/promo-code-field';
import type { EventActionFacts } from './sign-up-choice';

/**
 * The event's prices and places left, inside the actions' island: a code she applies changes the
 * line she pays (list price struck through, the price with the code).
 */
export function EventPrices({ event, code = null }: { event: EventActionFacts; code?: CheckedCode | null }) {
  // LGBTQ+ members pay the lower of the two prices: the line showing it is hers.
  const codeOn = (gender: 1 | 2, now: number) =>
    code && (code.gender === gender || (code.gender === 3 && now === code.listPriceCents)) ? code : null;
  return (
    <>
      <dl className="mt-3 grid gap-2">
        <GenderPrice
          label="Mujeres"
          now={event.price_now.w}
          until={event.price_until.w}
          code={codeOn(1, event.price_now.w)}
        />
        <GenderPrice
          label="Hombres"
          now={event.price_now.m}
          until={event.price_until.m}
          code={codeOn(2, event.price_now.m)}
        />
      </dl>
      <PlacesLeft event={event} />
    </>
  );
}

/**
 * One gender's price now; during an early-bird step, until when or for how many more places, and
 * the price after it (docs/design/25-organizers.md: "Preventa $350 hasta el 5 de diciembre o los primeros 10
 * lugares; después $450").
 */
function GenderPrice({
  label,
  now,
  until,
  code,
}: {
  label: string;
  now: number;
  until: PriceUntil;
  code: CheckedCode | null;
}) {
  const ends = until
    ? [
        until.day ? `hasta el ${formatCalendarDate(until.day)}` : null,
        until.places_left !== null
          ? `${until.places_left === 1 ? 'queda 1 lugar' : `quedan ${until.places_left} lugares`} a este precio`
          : null,
      ]
        .filter(Boolean)
        .join(' o mientras ')
    : null;
  return (
    // A dl's group holds only its dt and dd elements (axe's definition-list rule): the grid lays them out.
    <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-4">
      <dt className="text-muted">{label}</dt>
      {code ? (
        <dd className="text-right font-semibold">
          <s className="font-normal text-muted">{priceLabel(code.listPriceCents)}</s>{' '}
          <span className="text-accent-dark">{priceLabel(code.priceCents)}</span>{' '}
          <span className="block text-xs font-normal text-accent-dark">con el código {code.code}</span>
        </dd>
      ) : (
        <dd className="font-semibold">{priceLabel(now)}</dd>
      )}
      {ends && until ? (
        <dd className="col-span-2 text-sm text-accent-dark">
          Preventa: {ends}; después {priceLabel(until.after)}
        </dd>
      ) : null}
    </div>
  );
}

/** A price in cents as the page says it: a free place is «Gratis», never «$0.00». */
export function priceLabel(cents: number): string {
  return cents === 0 ? 'Gratis' : formatCents(cents);
}

/** Below this many places of a gender the page says how many are left. */
const FEW_PLACES = 5;

function placesSentence(available: number): string {
  if (available === 0) return 'sin lugares, hay lista de espera';
  return available === 1 ? 'queda 1 lugar' : `quedan ${available} lugares`;
}

/** Places left per gender, only when one of them is running out (a full list is worth knowing). */
function PlacesLeft({ event }: { event: EventActionFacts }) {
  if (event.past || event.status_id === EVENT_STATUS.soldOut) return null;
  if (Math.min(event.available_w, event.available_m) > FEW_PLACES) return null;
  return (
    <ul aria-label="Lugares disponibles" className="mt-4 grid gap-1 text-sm font-semibold text-accent">
      <li>Mujeres: {placesSentence(event.available_w)}</li>
      <li>Hombres: {placesSentence(event.available_m)}</li>
    </ul>
  );
}
