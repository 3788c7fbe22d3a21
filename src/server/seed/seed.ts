import { randomBytes } from 'node:crypto';
import { PHOTO_STATUS } from '../../shared/contracts/photos';
import { AGE_RANGES } from '../../shared/domain/compatibility';
import { dayInMexicoCity, mexicoLocalToUtc } from '../../shared/domain/mexico-time';
import { QUIZ_QUESTIONS, type QuizOptionText } from '../../shared/domain/quiz-questions';
import { clientSearchText, foldForSearch } from '../../shared/domain/search-text';
import {
  ADVERT_STATUS,
  ASSISTANCE_STATUS,
  CLIENT_STATUS,
  INTEREST_STATUS,
} from '../../shared/domain/statuses';
import { createAdmin } from '../back-office/admins';
import { type PlaceRules, startHold } from '../events/attendance/payment-holds';
import { newDoorCode, newTicketCode } from '../events/attendance/tickets';
import { pairSearchText } from '../matches/interests/pair-search-text';
import { hashPassword } from '../platform/auth/passwords';
import type { AppConfig } from '../platform/config';
import type { DB } from '../platform/db/database';
import { storeImage } from '../platform/images/image-store';
import { ageOnDay, nowIso } from '../platform/time';
import { loadDemoCodes } from './demo-codes';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_CLIENT_EMAIL,
  DEMO_CLIENT_PASSWORD,
  DEMO_CLIENTS,
  DEMO_EVENTS,
  DEMO_EXTRA_PHOTOS,
  DEMO_MUTUAL_INTERESTS,
  DEMO_ONE_WAY_INTERESTS,
  DEMO_SIGN_UPS,
  DEMO_WAITING,
  demoEmail,
} from './demo-content';
import { loadDemoInvites } from './demo-invites';
import { loadDemoMessages } from './demo-messages';
import { loadDemoNights } from './demo-nights';
import { PORTRAIT_BACKGROUNDS, prepareDemoPortrait } from './demo-portraits';
import { loadDemoVerification } from './demo-verification';

export interface FirstAdmin {
  email: string;
  /** Only when it was generated here and must be shown once. */
  generatedPassword?: string;
}

/** An empty database gets its first admin: the configured one, or a demo admin with a fresh password. */
export async function ensureFirstAdmin(db: DB, config: AppConfig): Promise<FirstAdmin | null> {
  const existing = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  if (config.adminEmail && config.adminPassword) {
    await createAdmin(db, {
      name: 'Administrador',
      email: config.adminEmail,
      password: config.adminPassword,
    });
    return { email: config.adminEmail.toLowerCase() };
  }
  const generatedPassword = randomBytes(9).toString('base64url');
  await createAdmin(db, { name: 'Administrador demo', email: DEMO_ADMIN_EMAIL, password: generatedPassword });
  return { email: DEMO_ADMIN_EMAIL, generatedPassword };
}

function addDays(day: string, offset: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

const SOUGHT_GENDER_ANSWER: Readonly<Record<1 | 2 | 3, QuizOptionText<'q_1'>>> = {
  1: 'Hombre',
  2: 'Mujer',
  3: 'No binario o LGBTQ+',
};

/** How far from her own age a demo client looks: women a little older, men a little younger. */
const SOUGHT_AGE_OFFSET: Readonly<Record<1 | 2 | 3, number>> = { 1: 3, 2: -5, 3: 0 };

/**
 * Deterministic quiz answers for demo client number `index`, realistic enough that the admin's quiz
 * tab and each member's "Para ti" show pairs: each client looks for the gender the demo pairs them
 * with, in the first age range holding her own age moved by SOUGHT_AGE_OFFSET (so Mariana, 33, and
 * the men in their late thirties find each other), and most do not mind the other's marital status.
 */
function demoQuizAnswers(index: number, today: string): Record<string, string> {
  const client = DEMO_CLIENTS[index]!;
  const target = (ageOnDay(client.birthday, today) ?? 30) + SOUGHT_AGE_OFFSET[client.gender];
  const [range] = Object.entries(AGE_RANGES).find(([, [min, max]]) => target >= min && target <= max) ?? [
    '30-35',
  ];
  const answers: Record<string, string> = {};
  QUIZ_QUESTIONS.forEach((question, position) => {
    const option = question.options[(index * 7 + position * 3) % question.options.length]!;
    answers[question.key] = option.text;
  });
  answers.q_1 = SOUGHT_GENDER_ANSWER[client.gender];
  answers.q_2 = range;
  answers.q_5 = index % 3 === 0 ? 'Soltero/a' : 'No importa';
  return answers;
}

/** Loads the demo content into an empty database; returns false when there was content already. */
export async function loadDemoContent(db: DB, rules: PlaceRules): Promise<boolean> {
  const anyClient = await db.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  const anyEvent = await db.selectFrom('events').select('id').limit(1).executeTakeFirst();
  if (anyClient || anyEvent) return false;

  const now = nowIso();
  const today = dayInMexicoCity();
  const passwordHash = await hashPassword(DEMO_CLIENT_PASSWORD);
  // Encoded before the transaction, as an upload is: one approved portrait each, then the extras.
  const portrait = (index: number, order: number) => {
    const client = DEMO_CLIENTS[index]!;
    const background = PORTRAIT_BACKGROUNDS[(index + order) % PORTRAIT_BACKGROUNDS.length]!;
    return prepareDemoPortrait(`${client.first_name} ${client.last_name}`, client.gender, background);
  };
  const photos = [
    ...DEMO_CLIENTS.map((_, index) => ({ index, status: PHOTO_STATUS.approved, image: portrait(index, 0) })),
    ...DEMO_EXTRA_PHOTOS.map(([index, status]) => ({ index, status, image: portrait(index, 1) })),
  ];
  const images = await Promise.all(photos.map((photo) => photo.image));

  await db.transaction().execute(async (trx) => {
    const clientIds: number[] = [];
    for (const [index, client] of DEMO_CLIENTS.entries()) {
      const { id } = await trx
        .insertInto('clients')
        .values({
          first_name: client.first_name,
          last_name: client.last_name,
          email: demoEmail(index),
          phone: client.phone,
          birthday: client.birthday,
          gender: client.gender,
          occupation: client.occupation,
          instagram: client.instagram,
          password_hash: passwordHash,
          status_id: CLIENT_STATUS.active,
          date_creation: now,
          search_text: clientSearchText({ ...client, email: demoEmail(index) }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      clientIds.push(id);
      if (client.advert !== 'none') {
        const pending = client.advert === 'pending';
        await trx
          .insertInto('adverts')
          .values({
            client_id: id,
            status_id: client.advert === 'visible' ? ADVERT_STATUS.visible : ADVERT_STATUS.hidden,
            description: pending ? '' : client.description,
            description_update: pending ? client.description : null,
            status_update: pending ? ADVERT_STATUS.visible : null,
            updated_at: now,
          })
          .execute();
      }
      // Two demo clients have not answered the quiz yet.
      if (index % 6 !== 5) {
        await trx
          .insertInto('quiz_answers')
          .values({ client_id: id, ...demoQuizAnswers(index, today), updated_at: now } as never)
          .execute();
      }
    }

    const positions = new Map<number, number>();
    for (const [order, photo] of photos.entries()) {
      const position = (positions.get(photo.index) ?? 0) + 1;
      positions.set(photo.index, position);
      const image = await storeImage(trx, 'photo', images[order]!);
      await trx
        .insertInto('photos')
        .values({
          client_id: clientIds[photo.index]!,
          image_id: image.id,
          position,
          status_id: photo.status,
          reason: null,
          created_at: now,
          updated_at: now,
          reviewed_at: photo.status === PHOTO_STATUS.approved ? now : null,
          reviewed_by: null,
        })
        .execute();
    }

    const interest = (from: number, to: number, status: number) =>
      trx
        .insertInto('interests')
        .values({
          client_id: clientIds[from]!,
          target_client_id: clientIds[to]!,
          status_id: status,
          contacted: 0,
          created_at: now,
          search_text: pairSearchText(clientIds[from]!, clientIds[to]!),
        })
        .execute();
    for (const [from, to] of DEMO_ONE_WAY_INTERESTS) await interest(from, to, INTEREST_STATUS.oneWay);
    for (const [from, to] of DEMO_MUTUAL_INTERESTS) {
      await interest(from, to, INTEREST_STATUS.mutual);
      await interest(to, from, INTEREST_STATUS.mutual);
    }

    const eventIds: number[] = [];
    for (const event of DEMO_EVENTS) {
      const { id } = await trx
        .insertInto('events')
        .values({
          name: event.name,
          search_text: foldForSearch(event.name),
          day: event.dayOffset === null ? null : addDays(today, event.dayOffset),
          hour: event.hour,
          description: event.description,
          price_m_cents: event.price_m * 100,
          price_w_cents: event.price_w * 100,
          limit_m: event.limit_m,
          limit_w: event.limit_w,
          occupation: event.occupation,
          status_id: event.status_id,
          image_id: null,
          created_at: now,
          updated_at: now,
          city: event.city,
          venue: event.venue,
          address: event.address,
          duration_minutes: event.duration_minutes,
          age_min: event.age_min ?? null,
          age_max: event.age_max ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      eventIds.push(id);
      await trx
        .insertInto('event_categories')
        .values(event.categories.map((category) => ({ event_id: id, category })))
        .execute();
    }
    const startOf = (event: number) => {
      const { dayOffset, hour } = DEMO_EVENTS[event]!;
      return dayOffset === null || hour === null ? null : mexicoLocalToUtc(addDays(today, dayOffset), hour);
    };
    for (const [client, event, confirmed] of DEMO_SIGN_UPS) {
      const start = startOf(event);
      const arrived = confirmed && start !== null && start.getTime() < Date.now();
      const place = await trx
        .insertInto('assistance')
        .values({
          event_id: eventIds[event]!,
          client_id: clientIds[client]!,
          status_id: confirmed ? ASSISTANCE_STATUS.confirmed : ASSISTANCE_STATUS.registered,
          contacted: 0,
          created_at: now,
          ticket: confirmed ? newTicketCode() : null,
          door_code: confirmed ? newDoorCode() : null,
          checked_in_at: arrived ? new Date(start.getTime() + 10 * 60_000).toISOString() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // An unpaid place on a coming paid night is held like a real one: a deadline and its end
      // planned, so the demo's waiting lists move (an endless hold blocked them).
      if (!confirmed && start !== null && start.getTime() > Date.now()) {
        const priced = await trx
          .selectFrom('events')
          .select(['id', 'day', 'hour', 'price_w_cents', 'price_m_cents'])
          .where('id', '=', eventIds[event]!)
          .executeTakeFirstOrThrow();
        await startHold(trx, rules, place.id, priced, DEMO_CLIENTS[client]!.gender);
      }
    }
    // Later than the places: the queue order is the sign-up order.
    for (const [position, [client, event]] of DEMO_WAITING.entries()) {
      await trx
        .insertInto('assistance')
        .values({
          event_id: eventIds[event]!,
          client_id: clientIds[client]!,
          status_id: ASSISTANCE_STATUS.waiting,
          contacted: 0,
          created_at: new Date(Date.parse(now) + (position + 1) * 1000).toISOString(),
        })
        .execute();
    }
    await loadDemoNights(trx, clientIds, new Date(now));
    await loadDemoMessages(trx, clientIds, new Date(now));
    await loadDemoCodes(trx, new Date(now));
    await loadDemoInvites(trx, clientIds, new Date(now), passwordHash);
    await loadDemoVerification(trx, clientIds, new Date(now));
  });
  return true;
}

export const DEMO_LOGIN = { email: DEMO_CLIENT_EMAIL, password: DEMO_CLIENT_PASSWORD };

/** First start of a database: first admin, then demo content when asked for. */
export async function prepareDatabase(
  db: DB,
  config: AppConfig,
): Promise<{ admin: FirstAdmin | null; seeded: boolean }> {
  const admin = await ensureFirstAdmin(db, config);
  const seeded = config.seedDemo ? await loadDemoContent(db, config) : false;
  return { admin, seeded };
}
