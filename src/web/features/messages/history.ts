import type { InfiniteData } from '@tanstack/react-query';
import type {
  Conversation,
  ConversationsGetAnswer,
  Message,
  MessagesGetAnswer,
} from '../../../shared/contracts/messages';

/**
 * The client's copy of a conversation and of the list, and the pure rules that fold pages, sends
 * and live frames into them. Messages are kept oldest first and keyed by id, so the same message
 * arriving twice (a live frame and the catch-up after a reconnect, or a send's answer and its
 * frame) is shown once.
 */
export interface History {
  conversation: Conversation;
  /** Oldest first. */
  messages: Message[];
  /** Older messages remain on the server. */
  more: boolean;
}

export type ConversationList = InfiniteData<ConversationsGetAnswer, string | undefined>;

/**
 * A conversation opened fresh: its newest page of `client/messages/get` (newest first) as the
 * history keeps it. The server puts the same in a member's rendered /mensajes/{id} (decision 0044).
 */
export function historyFromNewestPage(
  page: Pick<MessagesGetAnswer, 'conversation' | 'messages' | 'more'>,
): History {
  return { conversation: page.conversation, messages: [...page.messages].reverse(), more: page.more };
}

/** Both lists merged by id (the incoming copy wins: the server's latest word), oldest first. */
export function mergeMessages(known: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const message of known) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The other person read her messages up to `upToId`. */
export function markReadUpTo(messages: readonly Message[], upToId: number, readAt: string): Message[] {
  return messages.map((message) =>
    message.from_me && message.id <= upToId && message.read_at === null
      ? { ...message, read_at: readAt }
      : message,
  );
}

/** The newest message the other person wrote: what opening the conversation marks as read. */
export function lastIncomingId(messages: readonly Message[]): number | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (!message.from_me) return message.id;
  }
  return null;
}

/** Her last message the other person has read: where "Visto" goes. */
export function lastSeenId(messages: readonly Message[]): number | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.from_me && message.read_at !== null) return message.id;
  }
  return null;
}

/**
 * A new message in the list: its conversation takes the new last line and moves to the top. Null
 * when the conversation is not on the loaded pages (a new one): the list must be read again.
 */
export function listWithMessage(list: ConversationList, message: Message): ConversationList | null {
  const found = list.pages
    .flatMap((page) => page.conversations)
    .find((c) => c.id === message.conversation_id);
  if (!found) return null;
  const updated: Conversation = {
    ...found,
    last_message: { text: message.text, sent_at: message.sent_at, from_me: message.from_me },
    unread: message.from_me ? found.unread : found.unread + 1,
  };
  const pages = list.pages.map((page, index) => ({
    ...page,
    conversations: [
      ...(index === 0 ? [updated] : []),
      ...page.conversations.filter((conversation) => conversation.id !== message.conversation_id),
    ],
  }));
  return { ...list, pages };
}

/** One conversation of the list changed (read by her, shared contact…); the others stay. */
export function listWithConversation(
  list: ConversationList,
  id: number,
  change: (conversation: Conversation) => Conversation,
): ConversationList {
  return {
    ...list,
    pages: list.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((conversation) =>
        conversation.id === id ? change(conversation) : conversation,
      ),
    })),
  };
}
