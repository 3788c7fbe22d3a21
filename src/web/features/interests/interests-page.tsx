import { AtSign, Heart, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import type { InterestEntry, MutualEntry } from '../../../shared/contracts/interests';
import { useMyInterests } from '../../api/interests';
import { PersonPhoto } from '../../components/person-photo';
import { SafetyActions } from '../../components/safety-actions';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { formatPersonFacts } from '../../lib/format';
import { useRemoveInterest } from './api';

/** /intereses: the client's mutual and one-way interests, each removable after a confirmation. */
export function InterestsPage() {
  usePageTitle('Mis intereses');
  const interests = useMyInterests();
  const remove = useRemoveInterest();
  const mutual = interests.data?.mutual ?? [];
  const interested = interests.data?.interested ?? [];

  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Mis intereses</h1>
      <div className="mt-6 flex flex-col gap-3 empty:hidden">
        {remove.isSuccess ? <Alert status="success" message={remove.data.message} /> : null}
        <ErrorAlert error={remove.error} />
      </div>
      {interests.isPending ? (
        <Spinner label="Cargando tus intereses…" />
      ) : interests.isError ? (
        <div className="mt-6">
          <ErrorAlert error={interests.error} />
        </div>
      ) : mutual.length === 0 && interested.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-black/5">
          No hay personas de tu interés,{' '}
          <Link to="/personas" className="text-accent underline">
            busca personas que te puedan interesar
          </Link>
          .
        </p>
      ) : (
        <>
          <InterestList
            title="Es mutuo"
            hint="Ustedes dos mostraron interés: ya pueden ver cómo contactarse."
            empty="Cuando alguien que te interesa también se interese en ti, aparecerá aquí."
            entries={mutual}
            onRemove={(entry) => remove.mutate({ id: entry.id, statusId: 1 })}
            removing={remove.isPending}
          />
          <InterestList
            title="Me interesan"
            hint="Si también les interesas, pasarán a «Es mutuo» y te avisaremos por correo."
            empty="No hay personas de tu interés, busca personas que te puedan interesar."
            entries={interested}
            onRemove={(entry) => remove.mutate({ id: entry.id, statusId: 0 })}
            removing={remove.isPending}
          />
        </>
      )}
    </section>
  );
}

function InterestList<Entry extends InterestEntry>({
  title,
  hint,
  empty,
  entries,
  onRemove,
  removing,
}: {
  title: string;
  hint: string;
  empty: string;
  entries: Entry[];
  onRemove: (entry: Entry) => void;
  removing: boolean;
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
              <InterestCard entry={entry} onRemove={() => onRemove(entry)} removing={removing} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function isMutual(entry: InterestEntry): entry is MutualEntry {
  return 'phone' in entry;
}

function InterestCard({
  entry,
  onRemove,
  removing,
}: {
  entry: InterestEntry;
  onRemove: () => void;
  removing: boolean;
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
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold wrap-anywhere">{entry.full_name}</h3>
          <p className="text-sm text-muted wrap-anywhere">{formatPersonFacts(entry)}</p>
        </div>
        {isMutual(entry) ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-white">
            <Heart className="size-3 fill-white" aria-hidden /> Es mutuo
          </span>
        ) : null}
      </div>
      {entry.description ? (
        <p className="mt-3 leading-relaxed whitespace-pre-line wrap-anywhere">{entry.description}</p>
      ) : (
        <p className="mt-3 text-sm text-muted">Su anuncio no está visible por ahora.</p>
      )}
      {isMutual(entry) ? <Contact entry={entry} /> : null}
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

/** Contact shown only for a mutual interest: both people agreed to meet (decision 0008). */
function Contact({ entry }: { entry: MutualEntry }) {
  const instagram = entry.instagram.replace(/^@/, '');
  if (!entry.phone && !instagram) return null;
  return (
    <ul aria-label={`Contacto de ${entry.full_name}`} className="mt-4 flex flex-col gap-2 text-sm">
      {entry.whatsapp ? (
        <li>
          <a
            href={entry.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-full bg-emerald-600 px-4 py-2 font-semibold text-white hover:bg-emerald-700"
          >
            <MessageCircle className="size-4" aria-hidden /> Escríbele por WhatsApp
          </a>
        </li>
      ) : null}
      {entry.phone ? (
        <li>
          <a href={`tel:${entry.phone}`} className="inline-flex items-center gap-2 text-accent underline">
            <Phone className="size-4" aria-hidden /> {entry.phone}
          </a>
        </li>
      ) : null}
      {instagram ? (
        <li>
          <a
            href={`https://www.instagram.com/${encodeURIComponent(instagram)}/`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 text-accent underline"
          >
            <AtSign className="size-4" aria-hidden /> {instagram}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
