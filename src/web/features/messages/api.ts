import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Conversation, Message, MessagesReportBody } from '../../../shared/contracts/messages';
import { ApiError, apiPost } from '../../api/client';
import {
  type ConversationList,
  type History,
  historyFromNewestPage,
  listWithConversation,
  listWithMessage,
  mergeMessages,
} from './history';
import {
  addPending,
  newClientMessageId,
  type PendingSend,
  removePending,
  updatePending,
} from './pending-sends';
import { unreadTotalReader } from './unread-total';

export const MESSAGES_KEY = ['messages'] as const;
export const CONVERSATIONS_KEY = ['messages', 'conversations'] as const;
export const HISTORIES_KEY = ['messages', 'history'] as const;

export function historyKey(conversationId: number) {
  return [...HISTORIES_KEY, conversationId] as const;
}

/** /mensajes: newest activity first, 30 a page, "Ver más" for the next by the keyset cursor. */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: CONVERSATIONS_KEY,
    queryFn: async ({ pageParam }) => {
      const keep = unreadTotalReader();
      const answer = await apiPost('client/conversations/get', pageParam ? { before: pageParam } : {});
      keep(answer.unread_total);
      return answer;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.more ? last.conversations.at(-1)?.cursor : undefined),
  });
}

/**
 * A conversation's messages: the newest page the first time; afterwards only what is newer than
 * the last one held (`after`, page after page), so a refetch after a reconnect adds what was
 * missed without dropping the older pages already read. Her recent messages are read again when
 * some still wait for "Visto", whose marks a dropped connection may have missed.
 */
export async function fetchHistory(queryClient: QueryClient, conversationId: number): Promise<History> {
  const known = queryClient.getQueryData<History>(historyKey(conversationId));
  const lastKnown = known?.messages.at(-1);
  if (!known || !lastKnown) {
    return historyFromNewestPage(await apiPost('client/messages/get', { conversation_id: conversationId }));
  }
  let { conversation, messages } = known;
  let after = lastKnown.id;
  for (;;) {
    const page = await apiPost('client/messages/get', { conversation_id: conversationId, after });
    conversation = page.conversation;
    messages = mergeMessages(messages, page.messages);
    const newest = page.messages.at(-1);
    if (!page.more || !newest) break;
    after = newest.id;
  }
  if (messages.some((message) => message.from_me && message.read_at === null)) {
    const newestPage = await apiPost('client/messages/get', { conversation_id: conversationId });
    messages = mergeMessages(messages, newestPage.messages);
  }
  return { conversation, messages, more: known.more };
}

export function useHistory(conversationId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: historyKey(conversationId),
    queryFn: () => fetchHistory(queryClient, conversationId),
  });
}

/** "Ver mensajes anteriores": the page before the oldest one held. */
export function useOlderMessages(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (beforeId: number) =>
      apiPost('client/messages/get', { conversation_id: conversationId, before: beforeId }),
    onSuccess: (page) => {
      queryClient.setQueryData<History>(historyKey(conversationId), (history) =>
        history
          ? { ...history, messages: mergeMessages(history.messages, page.messages), more: page.more }
          : history,
      );
    },
  });
}

/** A message the server stored (a send's answer or a live frame) into every copy that shows it. */
export function receiveMessage(queryClient: QueryClient, message: Message, countInList: boolean): void {
  if (message.from_me) removePending(message.conversation_id, message.client_message_id);
  queryClient.setQueryData<History>(historyKey(message.conversation_id), (history) =>
    history ? { ...history, messages: mergeMessages(history.messages, [message]) } : history,
  );
  if (!countInList) return;
  const list = queryClient.getQueryData<ConversationList>(CONVERSATIONS_KEY);
  if (!list) return;
  const updated = listWithMessage(list, message);
  if (updated) queryClient.setQueryData(CONVERSATIONS_KEY, updated);
  else void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
}

/** A changed conversation (shared contact, read by her) into the list and its history. */
export function receiveConversation(queryClient: QueryClient, conversation: Conversation): void {
  queryClient.setQueryData<History>(historyKey(conversation.id), (history) =>
    history ? { ...history, conversation } : history,
  );
  queryClient.setQueryData<ConversationList>(CONVERSATIONS_KEY, (list) =>
    list ? listWithConversation(list, conversation.id, () => conversation) : list,
  );
}

/**
 * Sending with an optimistic bubble: the message shows at once; a failure leaves it as "No
 * enviado · Reintentar", and the retry sends the same client_message_id.
 */
export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  const deliver = useCallback(
    async (send: Pick<PendingSend, 'client_message_id' | 'text'>) => {
      try {
        const { sent } = await apiPost('client/messages/send', {
          conversation_id: conversationId,
          text: send.text,
          client_message_id: send.client_message_id,
        });
        receiveMessage(queryClient, sent, true);
      } catch (error) {
        // A refusal the member can act on (a throttle, a closed conversation) says why.
        const reason = error instanceof ApiError && error.httpStatus >= 400 ? error.message : null;
        updatePending(conversationId, send.client_message_id, { failed: true, error: reason });
      }
    },
    [conversationId, queryClient],
  );
  const send = useCallback(
    (text: string) => {
      const pending = { client_message_id: newClientMessageId(), text, failed: false, error: null };
      addPending(conversationId, pending);
      void deliver(pending);
    },
    [conversationId, deliver],
  );
  const retry = useCallback(
    (pending: PendingSend) => {
      updatePending(conversationId, pending.client_message_id, { failed: false, error: null });
      void deliver(pending);
    },
    [conversationId, deliver],
  );
  return { send, retry };
}

/** Marks the other person's messages up to `upToId` as read; the header's total follows. */
export async function markRead(
  queryClient: QueryClient,
  conversationId: number,
  upToId: number,
): Promise<void> {
  const keep = unreadTotalReader();
  const answer = await apiPost('client/messages/read', { conversation_id: conversationId, up_to_id: upToId });
  keep(answer.unread_total);
  queryClient.setQueryData<ConversationList>(CONVERSATIONS_KEY, (list) =>
    list
      ? listWithConversation(list, conversationId, (conversation) => ({ ...conversation, unread: 0 }))
      : list,
  );
}

export function useReportMessage() {
  return useMutation({
    mutationFn: (report: MessagesReportBody) => apiPost('client/messages/report', report),
  });
}

/** "Compartir mi contacto": phone, WhatsApp and Instagram appear for both once both pressed it. */
export function useShareContact(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('client/whatsapp/share', { conversation_id: conversationId }),
    onSuccess: (answer) => receiveConversation(queryClient, answer.conversation),
  });
}
