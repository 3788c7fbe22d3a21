import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, EllipsisVertical, Flag } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Conversation, Message } from '../../../shared/contracts/messages';
import { ContactLinks } from '../../components/contact-links';
import { PersonPhoto } from '../../components/person-photo';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { VerifiedBadges } from '../../components/ui/verified-badges';
import { usePageTitle } from '../../components/use-page-title';
import { CONVERSATIONS_KEY, markRead, useHistory, useOlderMessages, useSendMessage } from './api';
import { Composer } from './composer';
import { waitsForMyContact } from './contact-state';
import { ConversationMenu } from './conversation-menu';
import { dayLabel, messageDay, messageTime } from './day-label';
import { lastIncomingId, lastSeenId } from './history';
import { type PendingSend, usePendingSends } from './pending-sends';
import { ReportMessageDialog } from './report-message-dialog';

/** /mensajes/:id: one conversation, live (docs/design/20-mensajes.md). */
export function ConversationPage() {
  const conversationId = Number(useParams().id);
  const history = useHistory(conversationId);
  usePageTitle(history.data ? history.data.conversation.other.name : 'Mensajes');
  if (history.isPending) return <Spinner label="Cargando la conversación…" />;
  if (history.isError) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-6">
        <ErrorAlert error={history.error} />
        <Link to="/mensajes" className="mt-4 inline-block text-accent underline">
          Volver a Mensajes
        </Link>
      </section>
    );
  }
  return (
    <ConversationView
      conversation={history.data.conversation}
      messages={history.data.messages}
      more={history.data.more}
    />
  );
}

function ConversationView({
  conversation,
  messages,
  more,
}: {
  conversation: Conversation;
  messages: Message[];
  more: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pending = usePendingSends(conversation.id).filter(
    (send) => !messages.some((message) => message.client_message_id === send.client_message_id),
  );
  const { send, retry } = useSendMessage(conversation.id);
  const older = useOlderMessages(conversation.id);
  const [menuOpen, setMenuOpen] = useState(false);
  const [reporting, setReporting] = useState<Message | null>(null);
  useMarkReadWhileShown(conversation.id, lastIncomingId(messages));
  const end = useStickToEnd(messages.length + pending.length);
  const seenId = lastSeenId(messages);

  return (
    <section className="mx-auto flex max-w-2xl flex-col px-3 pb-28">
      <header className="-mx-3 flex items-center gap-3 border-b border-black/5 px-3 py-2">
        <Link to="/mensajes" aria-label="Volver a Mensajes" className="rounded-full p-2 hover:bg-black/5">
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <PersonPhoto
          photo={conversation.other.photo === null ? null : { url: conversation.other.photo }}
          alt=""
          sizes="40px"
          width={40}
          height={40}
          className="size-10 shrink-0 rounded-full"
        />
        <div className="flex min-w-0 flex-1 items-center gap-1.5">
          <h1 className="truncate text-lg font-semibold">{conversation.other.name}</h1>
          <VerifiedBadges verified={conversation.other.verified} gender={conversation.other.gender} compact />
        </div>
        <button
          type="button"
          aria-label="Opciones de la conversación"
          onClick={() => setMenuOpen(true)}
          className="rounded-full p-2 hover:bg-black/5"
        >
          <EllipsisVertical className="size-5" aria-hidden />
        </button>
      </header>
      {conversation.contact_shared ? (
        <section aria-label="Contacto compartido" className="mt-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm">
          Los dos compartieron su contacto.
          <ContactLinks contact={conversation} name={conversation.other.name} />
        </section>
      ) : waitsForMyContact(conversation) ? (
        <section
          aria-label="Contacto compartido contigo"
          className="mt-2 flex flex-col gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm"
        >
          <p>
            {conversation.other.name} compartió su contacto contigo. Si compartes el tuyo, los dos verán el
            del otro.
          </p>
          <Button variant="secondary" className="self-start" onClick={() => setMenuOpen(true)}>
            Compartir mi contacto
          </Button>
        </section>
      ) : null}
      {more ? (
        <Button
          variant="ghost"
          className="mt-3 self-center"
          disabled={older.isPending}
          onClick={() => {
            const oldest = messages[0];
            if (oldest) older.mutate(oldest.id);
          }}
        >
          {older.isPending ? 'Cargando…' : 'Ver mensajes anteriores'}
        </Button>
      ) : null}
      <ErrorAlert error={older.error} />
      {messages.length === 0 && pending.length === 0 ? (
        <p className="mt-10 text-center text-sm text-muted">
          Aún no hay mensajes. Escríbele a {conversation.other.name} para empezar.
        </p>
      ) : null}
      <ol aria-label="Mensajes" className="mt-3 flex flex-col gap-1.5">
        {messages.map((message, index) => {
          const day = messageDay(message.sent_at);
          const newDay = index === 0 || messageDay(messages[index - 1]!.sent_at) !== day;
          return (
            <Fragment key={message.id}>
              {newDay ? (
                <li className="my-2 self-center rounded-full bg-black/5 px-3 py-0.5 text-xs text-muted">
                  {dayLabel(day)}
                </li>
              ) : null}
              <Bubble message={message} seen={message.id === seenId} onReport={() => setReporting(message)} />
            </Fragment>
          );
        })}
        {pending.map((item) => (
          <PendingBubble key={item.client_message_id} pending={item} onRetry={() => retry(item)} />
        ))}
      </ol>
      {/* The boot script opens a rendered conversation here, before the app is live. */}
      <div ref={end} data-conversation-end />
      {conversation.closed ? (
        <p
          role="status"
          className="fixed inset-x-0 bottom-0 z-20 border-t border-black/5 bg-cream px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] text-center text-sm text-muted"
        >
          {conversation.erased ? 'Esta persona ya no está en Cita' : 'Esta conversación está cerrada'}
        </p>
      ) : (
        <Composer onSend={send} />
      )}
      <ConversationMenu
        conversation={conversation}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        onBlocked={() => {
          void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
          navigate('/mensajes');
        }}
      />
      <ReportMessageDialog message={reporting} onClose={() => setReporting(null)} />
    </section>
  );
}

/** A long press (a phone's context menu) on her message opens the report, like its flag button. */
function Bubble({ message, seen, onReport }: { message: Message; seen: boolean; onReport: () => void }) {
  const mine = message.from_me;
  return (
    <li className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div className={`flex max-w-[85%] items-end gap-1 ${mine ? 'flex-row-reverse' : ''}`}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the long press is a shortcut; the flag button beside the bubble is the way for every input. */}
        <div
          onContextMenu={
            mine
              ? undefined
              : (event) => {
                  event.preventDefault();
                  onReport();
                }
          }
          className={`rounded-2xl px-3 py-2 ${mine ? 'rounded-br-sm bg-accent text-white' : 'rounded-bl-sm bg-white ring-1 ring-black/5'}`}
        >
          <p className="break-words whitespace-pre-wrap">{message.text}</p>
          <p className={`mt-0.5 text-right text-[11px] ${mine ? 'text-white/80' : 'text-muted'}`}>
            {messageTime(message.sent_at)}
          </p>
        </div>
        {mine ? null : (
          <button
            type="button"
            aria-label="Reportar mensaje"
            onClick={onReport}
            className="grid size-11 shrink-0 place-items-center rounded-full text-muted/70 hover:bg-black/5 hover:text-ink"
          >
            <Flag className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {seen ? <p className="mt-0.5 text-xs text-muted">Visto</p> : null}
    </li>
  );
}

function PendingBubble({ pending, onRetry }: { pending: PendingSend; onRetry: () => void }) {
  return (
    <li className="flex flex-col items-end">
      <div
        className={`max-w-[85%] rounded-2xl rounded-br-sm px-3 py-2 text-white ${pending.failed ? 'bg-accent/60' : 'bg-accent/80'}`}
      >
        <p className="break-words whitespace-pre-wrap">{pending.text}</p>
      </div>
      {pending.failed ? (
        <div className="mt-0.5 flex flex-col items-end">
          <button type="button" onClick={onRetry} className="text-xs font-semibold text-red-700 underline">
            No enviado · Reintentar
          </button>
          {pending.error ? <p className="text-xs text-red-700">{pending.error}</p> : null}
        </div>
      ) : (
        <p className="mt-0.5 text-xs text-muted">Enviando…</p>
      )}
    </li>
  );
}

/**
 * While the conversation is on screen, her reading is recorded up to the newest message from the
 * other person (again when the tab comes back into view); the header's total follows.
 */
function useMarkReadWhileShown(conversationId: number, newestIncomingId: number | null) {
  const queryClient = useQueryClient();
  const marked = useRef(0);
  useEffect(() => {
    function markIfShown() {
      if (newestIncomingId === null || newestIncomingId <= marked.current) return;
      if (document.visibilityState !== 'visible') return;
      marked.current = newestIncomingId;
      markRead(queryClient, conversationId, newestIncomingId).catch(() => {
        marked.current = 0;
      });
    }
    markIfShown();
    document.addEventListener('visibilitychange', markIfShown);
    return () => document.removeEventListener('visibilitychange', markIfShown);
  }, [conversationId, newestIncomingId, queryClient]);
}

/** Opens at the newest message and follows new ones while she is at the bottom. */
function useStickToEnd(count: number) {
  const end = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useLayoutEffect(() => {
    if (count === 0 && !first.current) return;
    const nearEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 240;
    if (first.current || nearEnd) end.current?.scrollIntoView({ block: 'end' });
    first.current = false;
  }, [count]);
  return end;
}
