import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Conversation, Message } from '../../../src/shared/contracts/messages';
import { rememberPersonalValue } from '../../support/personal-values';
import type { TestApp } from '../../support/test-app';
import { personWithAdvert } from '../people/helpers';

export type Member = Awaited<ReturnType<typeof personWithAdvert>>;

/** Two members with a mutual interest made on /personas, and their conversation's id. */
export async function mutualPair(
  testApp: TestApp,
  a: Parameters<typeof personWithAdvert>[1] = {},
  b: Parameters<typeof personWithAdvert>[1] = {},
): Promise<{ ana: Member; beto: Member; conversationId: number }> {
  const ana = await personWithAdvert(testApp, { first_name: 'Ana', last_name: 'López', ...a });
  const beto = await personWithAdvert(testApp, { first_name: 'Beto', last_name: 'Ruiz', ...b });
  return { ana, beto, conversationId: await makeMutual(ana, beto) };
}

/** Makes two members' interest mutual; answers their conversation's id. */
export async function makeMutual(one: Member, other: Member): Promise<number> {
  await one.agent.post('client/interested/add', { interes: { interested_id: other.advertId } });
  const second = await other.agent.post('client/interested/add', {
    interes: { interested_id: one.advertId },
  });
  expect(second.body.mutual).toBe(true);
  const conversation = (await conversations(one)).conversations.find(
    (entry) => entry.other.client_id === other.id,
  );
  if (!conversation) throw new Error('no conversation for the mutual pair');
  return conversation.id;
}

export async function conversations(member: Member, before?: string) {
  const response = await member.agent.post<{
    conversations: Conversation[];
    unread_total: number;
    more: boolean;
  }>('client/conversations/get', before ? { before } : {});
  expect(response.statusCode).toBe(200);
  return response.body;
}

export function send(member: Member, conversationId: number, text: string, clientMessageId = randomUUID()) {
  rememberPersonalValue(text);
  return member.agent.post<{ sent: Message }>('client/messages/send', {
    conversation_id: conversationId,
    text,
    client_message_id: clientMessageId,
  });
}

export async function history(
  member: Member,
  conversationId: number,
  page: { before?: number; after?: number } = {},
) {
  const response = await member.agent.post<{
    messages: Message[];
    more: boolean;
    conversation: Conversation;
  }>('client/messages/get', { conversation_id: conversationId, ...page });
  expect(response.statusCode).toBe(200);
  return response.body;
}

export async function messageCount(testApp: TestApp): Promise<number> {
  const row = await testApp.app.db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
