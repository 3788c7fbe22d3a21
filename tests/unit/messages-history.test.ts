import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../src/shared/contracts/messages';
import {
  type ConversationList,
  lastIncomingId,
  lastSeenId,
  listWithMessage,
  markReadUpTo,
  mergeMessages,
} from '../../src/web/features/messages/history';

function message(id: number, change: Partial<Message> = {}): Message {
  return {
    id,
    conversation_id: 1,
    from_me: false,
    text: `mensaje ${id}`,
    sent_at: '2026-11-25T18:00:00.000Z',
    read_at: null,
    client_message_id: `cliente-${id}`,
    ...change,
  };
}

function conversation(id: number, change: Partial<Conversation> = {}): Conversation {
  return {
    id,
    other: {
      client_id: id + 100,
      name: `Persona ${id}.`,
      photo: null,
      age: 30,
      gender: 1,
      verified: { in_person: null, photo: false },
    },
    last_message: null,
    unread: 0,
    closed: false,
    erased: false,
    phone: '',
    instagram: '',
    whatsapp: null,
    contact_shared: false,
    shared_by_me: false,
    shared_by_other: false,
    cursor: `c${id}`,
    ...change,
  };
}

function list(...pages: Conversation[][]): ConversationList {
  return {
    pages: pages.map((conversations) => ({
      status: 'success' as const,
      message: 'ok',
      conversations,
      unread_total: 0,
      more: false,
    })),
    pageParams: pages.map((_, index) => (index === 0 ? undefined : `p${index}`)),
  };
}

describe('a conversation held in the browser', () => {
  it('shows a message once when a live frame and the catch-up both bring it, oldest first', () => {
    const held = [message(1), message(3)];
    const merged = mergeMessages(held, [message(4), message(2), message(3)]);
    expect(merged.map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });

  it('takes the server’s latest copy of a message it already holds (a read mark)', () => {
    const merged = mergeMessages(
      [message(5, { from_me: true })],
      [message(5, { from_me: true, read_at: 'x' })],
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]!.read_at).toBe('x');
  });

  it('marks only her own messages up to the id the other person read', () => {
    const messages = [
      message(1, { from_me: true }),
      message(2),
      message(3, { from_me: true }),
      message(4, { from_me: true }),
    ];
    const read = markReadUpTo(messages, 3, '2026-11-25T19:00:00.000Z');
    expect(read.map((item) => item.read_at)).toEqual([
      '2026-11-25T19:00:00.000Z',
      null,
      '2026-11-25T19:00:00.000Z',
      null,
    ]);
    expect(lastSeenId(read)).toBe(3);
  });

  it('has no "Visto" before the other person read anything, and reads up to her last incoming message', () => {
    const messages = [message(1), message(2, { from_me: true }), message(3), message(4, { from_me: true })];
    expect(lastSeenId(messages)).toBeNull();
    expect(lastIncomingId(messages)).toBe(3);
    expect(lastIncomingId([message(9, { from_me: true })])).toBeNull();
  });
});

describe('the conversation list held in the browser', () => {
  it('moves the conversation of a new message to the top with its last line and one more unread', () => {
    const before = list([conversation(1), conversation(2)], [conversation(3)]);
    const after = listWithMessage(before, message(7, { conversation_id: 3, text: 'Hola' }));
    expect(after?.pages.map((page) => page.conversations.map((item) => item.id))).toEqual([[3, 1, 2], []]);
    expect(after?.pages[0]?.conversations[0]).toMatchObject({
      last_message: { text: 'Hola', from_me: false },
      unread: 1,
    });
  });

  it('does not count her own message as unread', () => {
    const after = listWithMessage(list([conversation(1)]), message(8, { from_me: true }));
    expect(after?.pages[0]?.conversations[0]?.unread).toBe(0);
  });

  it('asks for the list again when the conversation is not loaded (a new one)', () => {
    expect(listWithMessage(list([conversation(1)]), message(9, { conversation_id: 42 }))).toBeNull();
  });
});
