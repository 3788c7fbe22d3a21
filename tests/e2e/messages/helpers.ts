import type { Browser, BrowserContext, Page } from '@playwright/test';
import { markInterest, newPerson, type Person, personApi, publishAdvert } from '../data';
import { FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsClient } from '../fixtures';

export const PHONE = { width: 360, height: 740 };

/**
 * Two new people whose interest is mutual (each marked the other's published advert): a
 * conversation of their own. Both women: /personas' tests expect the demo men first among men
 * and exactly the demo LGBTQ+ adverts, and page through the women's list.
 */
export async function mutualPair(baseURL: string): Promise<{ her: Person; other: Person }> {
  const her = await newPerson(baseURL, { gender: 1 });
  const other = await newPerson(baseURL, { gender: 1 });
  const herAdvert = await publishAdvert(baseURL, her, 'Me gusta caminar por Coyoacán los domingos.');
  const otherAdvert = await publishAdvert(baseURL, other, 'Cocino mole los fines de semana.');
  await markInterest(baseURL, her, otherAdvert);
  await markInterest(baseURL, other, herAdvert);
  return { her, other };
}

/** A phone-sized browser of her own (cookies apart from every other person's), logged in. */
export async function phoneFor(
  browser: Browser,
  baseURL: string,
  person: Person,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  const page = await context.newPage();
  await loginAsClient(page, person.email, FRESH_PASSWORD);
  return { context, page };
}

/** The id of `person`'s conversation with `other`, through the real API. */
export async function conversationId(baseURL: string, person: Person, other: Person): Promise<number> {
  const api = await personApi(baseURL, person);
  const response = await api.post('/api/client/conversations/get', { data: {} });
  const { conversations } = (await response.json()) as {
    conversations: { id: number; other: { client_id: number } }[];
  };
  await api.dispose();
  const found = conversations.find((conversation) => conversation.other.client_id === other.id);
  if (!found) throw new Error(`no conversation between ${person.id} and ${other.id}`);
  return found.id;
}

/** `person` sends `text` through the real API, as her other device would. */
export async function sendThroughApi(
  baseURL: string,
  person: Person,
  conversation: number,
  text: string,
): Promise<void> {
  const api = await personApi(baseURL, person);
  const response = await api.post('/api/client/messages/send', {
    data: {
      conversation_id: conversation,
      text,
      client_message_id: `e2e${Date.now()}${Math.floor(Math.random() * 1e9)}`,
    },
  });
  if (!response.ok()) throw new Error(`send failed: ${await response.text()}`);
  await api.dispose();
}

/** Every message of the conversation as `person` reads it through the API, oldest first. */
export async function storedTexts(baseURL: string, person: Person, conversation: number): Promise<string[]> {
  const api = await personApi(baseURL, person);
  const response = await api.post('/api/client/messages/get', { data: { conversation_id: conversation } });
  const { messages } = (await response.json()) as { messages: { text: string }[] };
  await api.dispose();
  return messages.map((message) => message.text).reverse();
}

/** `person` erases her account through the real API ("Desactivar cuenta" in /configuracion). */
export async function eraseThroughApi(baseURL: string, person: Person): Promise<void> {
  const api = await personApi(baseURL, person);
  const response = await api.post('/api/client/deactivate', { data: { password: FRESH_PASSWORD } });
  if (!response.ok()) throw new Error(`erasure failed: ${await response.text()}`);
  await api.dispose();
}
