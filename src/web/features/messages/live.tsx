import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type LiveFrame, liveFrameSchema } from '../../../shared/contracts/messages';
import { LIVE_CLOSE } from '../../../shared/domain/live-close';
import { MY_INTERESTS_KEY } from '../../api/interests';
import { liveChannelAddress } from '../../api/live-address';
import { useSessionHint } from '../../api/session-hint';
import { CONVERSATIONS_KEY, HISTORIES_KEY, historyKey, receiveMessage } from './api';
import { type ConversationList, type History, listWithConversation, markReadUpTo } from './history';
import { reconnectDelay } from './reconnect-delay';
import { forgetUnreadTotal, loadUnreadTotal, setUnreadTotal } from './unread-total';

/**
 * The live channel of a member's tab (docs/design/20-mensajes.md): one WebSocket to /api/live, authenticated by
 * the session cookie, whose frames update the list, the open conversations and the header's total
 * without reloading. Rendered once at the root of the app, only while a member is logged in; a
 * new member on the same tab gets a channel (and a total) of her own.
 */
export function MessagesLive() {
  const clientId = useSessionHint('client');
  const queryClient = useQueryClient();
  useEffect(() => {
    if (clientId === null) return;
    const close = openLiveChannel(queryClient);
    return () => {
      close();
      forgetUnreadTotal();
    };
  }, [clientId, queryClient]);
  return null;
}

/** Message ids already folded into the list, so a frame and a catch-up never count one twice. */
const SEEN_LIMIT = 500;
/**
 * Connects, and reconnects with a growing wait after each failure. Every (re)connection catches
 * up: the copies fetched before the socket opened are read again (the list whole, each held
 * conversation from its last message on), so a message sent while the tab was cut off shows
 * once. Losing the network closes the socket at once (a phone's socket can linger half-dead), and
 * getting it back reconnects without waiting; an ended session stops it. A socket closed by the
 * server's caps (her oldest, given way to a newer tab; or her address full) waits until she comes
 * back to this tab: reconnecting at once would close another of her tabs, which would reconnect
 * in turn, for ever (decision 0037). Returns the function that closes it for good.
 */
export function openLiveChannel(queryClient: QueryClient): () => void {
  let socket: WebSocket | null = null;
  let failedTries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** Closed by a cap: no reconnection until she returns to this tab. */
  let waitingForReturn = false;
  const seen = new Set<number>();

  function connect(): void {
    if (stopped || waitingForReturn || socket || !navigator.onLine) return;
    const opened = new WebSocket(liveChannelAddress());
    socket = opened;
    opened.addEventListener('open', () => {
      failedTries = 0;
      catchUp(queryClient, Date.now());
    });
    opened.addEventListener('message', (event) => {
      const frame = parseFrame(event.data);
      if (frame) applyFrame(queryClient, frame, seen);
    });
    opened.addEventListener('close', (event) => {
      if (socket !== opened) return;
      socket = null;
      // Knocking again with an ended session is pointless; her next call to the API finds out
      // and sends her to log in, and a new login opens a new channel.
      if (event.code === LIVE_CLOSE.sessionEnded) stopped = true;
      else if (event.code === LIVE_CLOSE.replaced || event.code === LIVE_CLOSE.addressFull) {
        clearTimeout(retryTimer);
        waitingForReturn = true;
      } else scheduleReconnect();
    });
  }

  function scheduleReconnect(): void {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, reconnectDelay(failedTries));
    failedTries += 1;
  }

  function drop(): void {
    const closing = socket;
    socket = null;
    closing?.close();
  }

  function wentOffline(): void {
    clearTimeout(retryTimer);
    drop();
  }

  function cameOnline(): void {
    clearTimeout(retryTimer);
    failedTries = 0;
    connect();
  }

  /** She is looking at this tab again: it is the one to keep live now. */
  function cameBack(): void {
    if (!waitingForReturn || document.visibilityState !== 'visible') return;
    waitingForReturn = false;
    failedTries = 0;
    connect();
  }

  window.addEventListener('offline', wentOffline);
  window.addEventListener('online', cameOnline);
  document.addEventListener('visibilitychange', cameBack);
  window.addEventListener('focus', cameBack);
  connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    window.removeEventListener('offline', wentOffline);
    window.removeEventListener('online', cameOnline);
    document.removeEventListener('visibilitychange', cameBack);
    window.removeEventListener('focus', cameBack);
    drop();
  };
}

function parseFrame(data: unknown): LiveFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = liveFrameSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the socket may have missed before `openedAt`: read again whatever was fetched before it. */
function catchUp(queryClient: QueryClient, openedAt: number): void {
  void loadUnreadTotal({ fresh: true });
  void queryClient.invalidateQueries({
    queryKey: CONVERSATIONS_KEY,
    predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < openedAt,
  });
  void queryClient.invalidateQueries({
    queryKey: HISTORIES_KEY,
    predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < openedAt,
  });
}

export function applyFrame(queryClient: QueryClient, frame: LiveFrame, seen: Set<number>): void {
  switch (frame.type) {
    case 'message': {
      setUnreadTotal(frame.unread_total);
      const firstTime = !seen.has(frame.message.id);
      seen.add(frame.message.id);
      if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as number);
      receiveMessage(queryClient, frame.message, firstTime);
      return;
    }
    case 'read': {
      setUnreadTotal(frame.unread_total);
      if (frame.by_me) {
        queryClient.setQueryData<ConversationList>(CONVERSATIONS_KEY, (list) =>
          list
            ? listWithConversation(list, frame.conversation_id, (conversation) => ({
                ...conversation,
                unread: 0,
              }))
            : list,
        );
        return;
      }
      queryClient.setQueryData<History>(historyKey(frame.conversation_id), (history) =>
        history
          ? { ...history, messages: markReadUpTo(history.messages, frame.up_to_id, frame.read_at) }
          : history,
      );
      return;
    }
    case 'conversation':
      // A conversation's change (opened, closed, a contact shared) shows on /intereses too.
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: MY_INTERESTS_KEY });
      void queryClient.invalidateQueries({ queryKey: historyKey(frame.conversation_id) });
      return;
    case 'catch_up':
      catchUp(queryClient, Date.now());
      return;
  }
}
