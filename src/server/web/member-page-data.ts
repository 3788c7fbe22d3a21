import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompatibleGetAnswer, CompatiblePerson } from '../../shared/contracts/compatible';
import type { MessagesGetAnswer } from '../../shared/contracts/messages';
import type { AdvertsGetResponse, PersonAdvert } from '../../shared/contracts/people';
import { GENDERS } from '../../shared/domain/genders';
import type { PageData } from '../../web/entry-server';
import { historyKey } from '../../web/features/messages/api';
import { historyFromNewestPage } from '../../web/features/messages/history';
import { PEOPLE_PAGE_SIZE, PERSON_CARD_SIZES } from '../../web/features/people/api';
import { escapeHtml } from './seo';

/** One query a member page reads first: its cache key in the browser and the API call behind it. */
interface MemberQuery {
  key: readonly unknown[];
  call: string;
  body: Record<string, unknown>;
  /** An infinite query's first page, under the page parameter the screen starts from. */
  firstPage?: { param: unknown };
  /** The list whose first card's photo is the page's largest picture, preloaded. */
  firstPhoto?: (answer: never) => PersonAdvert | CompatiblePerson | undefined;
  /** A query whose cache holds the answer reshaped, as the screen's own query function does. */
  cached?: (answer: never) => unknown;
  /** The answer asks for the app at once rather than at her first use (decision 0044). */
  needsAppAtOnce?: (answer: never) => boolean;
}

/** /mensajes/{id}: one of her conversations. */
const CONVERSATION_PATH = /^\/mensajes\/(\d+)$/;

const CONVERSATIONS: MemberQuery = {
  key: ['messages', 'conversations'],
  call: 'client/conversations/get',
  body: {},
  firstPage: { param: null },
};

/**
 * What each member page's screen reads on its first render, under the keys of its queries
 * (src/web/api, features/*\/api.ts). A page missing here, or a call that fails, is fetched by the
 * browser as before.
 */
function memberQueries(url: URL, clientId: number): MemberQuery[] {
  switch (url.pathname) {
    case '/asistencias':
      return [
        { key: ['client', 'events'], call: 'client/events/get', body: {} },
        { key: ['client', 'payments'], call: 'client/payments/get', body: {} },
      ];
    case '/mensajes':
      return [CONVERSATIONS];
    case '/perfil':
      return [
        { key: ['client', clientId, 'profile'], call: 'client/profile', body: {} },
        { key: ['client', clientId, 'advert'], call: 'client/advert/get', body: {} },
        { key: ['client', clientId, 'quizz'], call: 'client/quizz/get', body: {} },
        { key: ['client', clientId, 'photos'], call: 'client/photos/get', body: {} },
      ];
    case '/personas': {
      const value = Number(url.searchParams.get('genero'));
      const gender = GENDERS.find((option) => option.id === value)?.id;
      const queries: MemberQuery[] = [
        {
          key: ['adverts', 'member', clientId, gender ?? null],
          call: 'adverts/get',
          body: { ...(gender === undefined ? {} : { gender }), limit: PEOPLE_PAGE_SIZE },
          firstPage: { param: null },
          firstPhoto: (answer: AdvertsGetResponse) => answer.adverts[0],
        },
      ];
      // A member opens on "Para ti" unless the address asks for a gender or everyone.
      if (gender === undefined && url.searchParams.get('vista') !== 'todos') {
        queries.push({
          key: ['compatible', clientId],
          call: 'client/compatible/get',
          body: { page: 1 },
          firstPage: { param: 1 },
          firstPhoto: (answer: CompatibleGetAnswer) => answer.people[0],
        });
      }
      return queries;
    }
    default: {
      const conversationId = Number(CONVERSATION_PATH.exec(url.pathname)?.[1]);
      if (!Number.isSafeInteger(conversationId) || conversationId < 1) return [];
      return [
        {
          key: historyKey(conversationId),
          call: 'client/messages/get',
          body: { conversation_id: conversationId },
          cached: historyFromNewestPage,
          // What the other person wrote and she has not read: opening the conversation marks it
          // read (and shows her "Visto" on the other phone), which is the app's to do right away.
          needsAppAtOnce: (answer: MessagesGetAnswer) => answer.conversation.unread > 0,
        },
      ];
    }
  }
}

/** The member pages the server renders with her data (decision 0044); the rest get the frame. */
const MEMBER_RENDERED = new Set(['/asistencias', '/mensajes', '/perfil', '/personas']);

export function isMemberRendered(pathname: string): boolean {
  return MEMBER_RENDERED.has(pathname) || CONVERSATION_PATH.test(pathname);
}

export interface MemberPageData {
  data: PageData;
  /** The header's unread badge, known before the app starts. */
  unreadTotal: number | null;
  /** `<link rel="preload">` of the first card's photo, which the page shows largest. */
  photoPreload: string;
  /** Something on the page needs the app as soon as it is painted, not at her first use. */
  needsAppAtOnce: boolean;
}

/**
 * Her own answers for the page she opens (decision 0042), asked of the API itself with her
 * request's cookie: the same session check, permissions, blocks and photo rule as the call the
 * browser would make, and the same shape. Never cached: it is hers alone.
 */
export async function memberPageData(
  app: FastifyInstance,
  request: FastifyRequest,
  url: URL,
  clientId: number,
): Promise<MemberPageData> {
  const queries = memberQueries(url, clientId);
  const withUnread = queries.includes(CONVERSATIONS) ? queries : [...queries, CONVERSATIONS];
  const answers = await Promise.all(
    withUnread.map(async (query) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/${query.call}`,
        headers: { cookie: request.headers.cookie ?? '', 'content-type': 'application/json' },
        payload: JSON.stringify(query.body),
      });
      const answer = response.json() as { status?: string; unread_total?: number };
      return response.statusCode === 200 && answer.status === 'success' ? answer : null;
    }),
  );
  const data: PageData = [];
  let unreadTotal: number | null = null;
  let photoPreload = '';
  let needsAppAtOnce = false;
  withUnread.forEach((query, index) => {
    const answer = answers[index];
    if (!answer) return;
    if (query === CONVERSATIONS) unreadTotal = answer.unread_total ?? null;
    if (!queries.includes(query)) return;
    // The view shown first is the last list asked for ("Para ti" over everyone).
    const first = query.firstPhoto?.(answer as never);
    if (first?.photo) photoPreload = imagePreload(first.photo, first.photos[0]?.srcset);
    if (query.needsAppAtOnce?.(answer as never)) needsAppAtOnce = true;
    data.push({
      key: query.key,
      data: query.firstPage
        ? { pages: [answer], pageParams: [query.firstPage.param] }
        : query.cached
          ? query.cached(answer as never)
          : answer,
    });
  });
  return { data, unreadTotal, photoPreload, needsAppAtOnce };
}

function imagePreload(url: string, srcset: string | undefined): string {
  const sources = srcset
    ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(PERSON_CARD_SIZES)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(url)}"${sources} fetchpriority="high" />`;
}
