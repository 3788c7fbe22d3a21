import { useSyncExternalStore } from 'react';

/**
 * Messages she wrote that the server has not confirmed yet, per conversation: shown at once under
 * the history, "No enviado · Reintentar" when the send failed. Each keeps the id it was first
 * sent with, so a retry the server already stored answers with the same message, never a second.
 */
export interface PendingSend {
  client_message_id: string;
  text: string;
  failed: boolean;
  /** Why it failed, when the server said (a throttle, a closed conversation). */
  error: string | null;
}

const pendingByConversation = new Map<number, PendingSend[]>();
const listeners = new Set<() => void>();
const NONE: PendingSend[] = [];

function publish(conversationId: number, pending: PendingSend[]): void {
  if (pending.length === 0) pendingByConversation.delete(conversationId);
  else pendingByConversation.set(conversationId, pending);
  for (const listener of listeners) listener();
}

export function addPending(conversationId: number, send: PendingSend): void {
  publish(conversationId, [...(pendingByConversation.get(conversationId) ?? []), send]);
}

export function updatePending(
  conversationId: number,
  clientMessageId: string,
  change: Partial<PendingSend>,
): void {
  publish(
    conversationId,
    (pendingByConversation.get(conversationId) ?? []).map((send) =>
      send.client_message_id === clientMessageId ? { ...send, ...change } : send,
    ),
  );
}

export function removePending(conversationId: number, clientMessageId: string): void {
  publish(
    conversationId,
    (pendingByConversation.get(conversationId) ?? []).filter(
      (send) => send.client_message_id !== clientMessageId,
    ),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePendingSends(conversationId: number): PendingSend[] {
  return useSyncExternalStore(
    subscribe,
    () => pendingByConversation.get(conversationId) ?? NONE,
    () => NONE,
  );
}

/**
 * 32 hex characters from the browser's random source: the id of one message, made once.
 * getRandomValues rather than randomUUID, which a page served over plain http does not have.
 */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
