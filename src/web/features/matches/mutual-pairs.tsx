import { Heart, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import type { MutualEntry } from '../../../shared/contracts/interests';
import { ContactLinks } from '../../components/contact-links';
import { InterestList } from '../../components/interest-list';

/**
 * The member's mutual pairs on /intereses, however they were made (/personas or match cards): both
 * people agreed to meet, so each card leads to their conversation, and shows the other's contact
 * once both chose to share it there (docs/design/26-contact.md).
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
      hint="Ustedes dos mostraron interés: ya pueden escribirse en Cita."
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

/** Their contact once both shared it in their conversation; until then, where to share it (docs/design/26-contact.md). */
function Contact({ entry }: { entry: MutualEntry }) {
  if (entry.contact_shared) return <ContactLinks contact={entry} name={entry.full_name} />;
  if (entry.shared_by_me) {
    return (
      <p className="mt-3 text-sm text-muted">
        Compartiste tu contacto. Su teléfono, WhatsApp e Instagram aparecerán aquí cuando también comparta el
        suyo.
      </p>
    );
  }
  if (entry.shared_by_other) {
    return (
      <p className="mt-3 text-sm font-semibold text-emerald-800">
        Compartió su contacto contigo: compártelo tú en su conversación y los dos verán el del otro.
      </p>
    );
  }
  return (
    <p className="mt-3 text-sm text-muted">
      Su teléfono, WhatsApp e Instagram aparecerán aquí cuando los dos pulsen «Compartir mi contacto» en su
      conversación.
    </p>
  );
}
