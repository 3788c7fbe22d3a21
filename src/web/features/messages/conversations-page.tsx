import { Link } from 'react-router';
import type { Conversation } from '../../../shared/contracts/messages';
import { PersonPhoto } from '../../components/person-photo';
import { ErrorAlert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { VerifiedBadges } from '../../components/ui/verified-badges';
import { usePageTitle } from '../../components/use-page-title';
import { useConversations } from './api';
import { waitsForMyContact } from './contact-state';
import { lastMessageWhen } from './day-label';

/** /mensajes: her conversations, newest activity first (docs/design/20-mensajes.md). */
export function ConversationsPage() {
  usePageTitle('Mensajes');
  const list = useConversations();
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];
  return (
    <section className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold">Mensajes</h1>
      {list.isPending ? (
        <Spinner label="Cargando tus conversaciones…" />
      ) : list.data === undefined ? null : conversations.length === 0 ? (
        <EmptyConversations />
      ) : (
        <>
          <ul aria-label="Conversaciones" className="mt-4 flex flex-col divide-y divide-black/5">
            {conversations.map((conversation) => (
              <li key={conversation.id}>
                <ConversationRow conversation={conversation} />
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button
                variant="secondary"
                onClick={() => list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Cargando…' : 'Ver más'}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {list.isError ? (
        <div className="mt-6">
          <ErrorAlert error={list.error} />
        </div>
      ) : null}
    </section>
  );
}

function EmptyConversations() {
  return (
    <div className="mt-8 rounded-2xl bg-white p-8 text-center ring-1 ring-black/5">
      <p className="font-semibold">Aún no tienes conversaciones.</p>
      <p className="mt-2 text-sm text-muted">
        Cuando el interés sea mutuo, podrán escribirse aquí. Conoce gente en Personas o en un evento.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Link to="/personas" className={buttonClass('primary')}>
          Ver personas
        </Link>
        <Link to="/eventos" className={buttonClass('secondary')}>
          Ver eventos
        </Link>
      </div>
    </div>
  );
}

/**
 * The row's accessible name is its own text (name, time, last message, then the unread count
 * with its words for a screen reader), so what a voice-control user reads aloud names it.
 */
function ConversationRow({ conversation }: { conversation: Conversation }) {
  const { other, last_message: last, unread, closed } = conversation;
  return (
    <Link to={`/mensajes/${conversation.id}`} className="flex items-center gap-3 py-3 hover:bg-black/[0.02]">
      <PersonPhoto
        photo={other.photo === null ? null : { url: other.photo }}
        alt=""
        sizes="48px"
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-full"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className={`flex min-w-0 items-center gap-1 ${unread > 0 ? 'font-bold' : 'font-semibold'}`}>
            <span className="truncate">{other.name}</span>
            <VerifiedBadges verified={other.verified} gender={other.gender} compact />
          </p>
          {last ? <p className="shrink-0 text-xs text-muted">{lastMessageWhen(last.sent_at)}</p> : null}
        </div>
        <div className="flex items-center justify-between gap-2">
          <p className={`truncate text-sm ${unread > 0 ? 'text-ink' : 'text-muted'}`}>
            {last ? `${last.from_me ? 'Tú: ' : ''}${last.text}` : 'Salúdense: aún no hay mensajes'}
          </p>
          {waitsForMyContact(conversation) ? (
            <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              Compartió su contacto
            </span>
          ) : null}
          {closed ? (
            <span className="shrink-0 rounded-full bg-black/5 px-2 py-0.5 text-xs text-muted">Cerrada</span>
          ) : unread > 0 ? (
            <span className="grid min-w-5 shrink-0 place-items-center rounded-full bg-accent px-1.5 text-xs font-bold text-white">
              {unread}
              <span className="sr-only"> sin leer</span>
            </span>
          ) : null}
        </div>
      </div>
    </Link>
  );
}
