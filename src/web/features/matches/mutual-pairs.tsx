import { AtSign, Heart, MessageCircle, MessagesSquare, Phone } from 'lucide-react';
import { Link } from 'react-router';
import type { MutualEntry } from '../../../shared/contracts/interests';
import { InterestList } from '../../components/interest-list';

/**
 * The member's mutual pairs on /intereses, however they were made (/personas or match cards): both
 * people agreed to meet, so each card shows how to contact the other (decision 0008).
 */
export function MutualPairs({
  entries,
  onRemove,
  removing,
}: {
  entries: MutualEntry[];
  onRemove: (entry: MutualEntry) => void;
  removing: boolean;
}) {
  return (
    <InterestList
      title="Es mutuo"
      hint="Ustedes dos mostraron interés: ya pueden ver cómo contactarse."
      empty="Cuando alguien que te interesa también se interese en ti, aparecerá aquí."
      entries={entries}
      onRemove={onRemove}
      removing={removing}
      badge={
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-white">
          <Heart className="size-3 fill-white" aria-hidden /> Es mutuo
        </span>
      }
      details={(entry) => (
        <>
          {entry.conversation_id === null ? null : (
            <Link
              to={`/mensajes/${entry.conversation_id}`}
              aria-label={`Mensaje a ${entry.full_name}`}
              className="mt-4 inline-flex items-center gap-2 rounded-full bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-accent-dark"
            >
              <MessagesSquare className="size-4" aria-hidden /> Mensaje
            </Link>
          )}
          <Contact entry={entry} />
        </>
      )}
    />
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
