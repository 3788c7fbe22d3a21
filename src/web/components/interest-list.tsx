import type { ReactNode } from 'react';
import type { InterestEntry } from '../../shared/contracts/interests';
import { formatPersonFacts } from '../lib/format';
import { PersonPhoto } from './person-photo';
import { SafetyActions } from './safety-actions';
import { Button } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';
import { VerifiedBadges } from './ui/verified-badges';

/**
 * One list of /intereses (one-way interests or mutual pairs): a titled section of cards, each
 * removable after a confirmation. A mutual pair's card adds a badge and the contact details.
 */
export function InterestList<Entry extends InterestEntry>({
  title,
  hint,
  empty,
  entries,
  onRemove,
  removing,
  badge,
  details,
}: {
  title: string;
  hint: string;
  empty: string;
  entries: Entry[];
  onRemove: (entry: Entry) => void;
  removing: boolean;
  badge?: ReactNode;
  details?: (entry: Entry) => ReactNode;
}) {
  return (
    <section aria-labelledby={`lista-${title}`} className="mt-10">
      <h2 id={`lista-${title}`} className="text-2xl font-bold">
        {title} <span className="text-base font-medium text-muted">({entries.length})</span>
      </h2>
      <p className="mt-1 text-sm text-muted">{hint}</p>
      {entries.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-black/5">{empty}</p>
      ) : (
        <ul aria-label={title} className="mt-4 grid gap-4 sm:grid-cols-2">
          {entries.map((entry) => (
            <li key={entry.id}>
              <InterestCard
                entry={entry}
                onRemove={() => onRemove(entry)}
                removing={removing}
                badge={badge}
                details={details?.(entry)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InterestCard({
  entry,
  onRemove,
  removing,
  badge,
  details,
}: {
  entry: InterestEntry;
  onRemove: () => void;
  removing: boolean;
  badge: ReactNode;
  details: ReactNode;
}) {
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <div className="flex items-start gap-3">
        <PersonPhoto
          photo={entry.photo === null ? null : { url: entry.photo }}
          alt={`Foto de ${entry.full_name}`}
          sizes="80px"
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-xl"
        />
        {/* The badge sits under the name, not beside it: beside it, a 360 px card left the name
            90 px, and "Hernández" was cut inside the word. */}
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold wrap-anywhere">{entry.full_name}</h3>
          <p className="text-sm text-muted wrap-anywhere">{formatPersonFacts(entry)}</p>
          <VerifiedBadges verified={entry.verified} gender={entry.gender} />
          {badge ? <div className="mt-2">{badge}</div> : null}
        </div>
      </div>
      {entry.description ? (
        <p className="mt-3 leading-relaxed whitespace-pre-line wrap-anywhere">{entry.description}</p>
      ) : (
        <p className="mt-3 text-sm text-muted">Su anuncio no está visible por ahora.</p>
      )}
      {details}
      <div className="mt-auto flex flex-wrap items-start gap-2 pt-4">
        <ConfirmDialog
          trigger={
            <Button variant="ghost" disabled={removing} className="px-3 text-red-700">
              Quitar interés
            </Button>
          }
          question={`¿Deseas eliminar el interés en ${entry.full_name}?`}
          confirmLabel="Eliminar"
          onConfirm={onRemove}
        />
        <SafetyActions targetClientId={entry.client_id} name={entry.full_name} />
      </div>
    </article>
  );
}
