import type { Transaction } from 'kysely';
import type { CategoryId } from '../../shared/domain/categories';
import { mexicoDayAndHour } from '../../shared/domain/mexico-time';
import { foldForSearch } from '../../shared/domain/search-text';
import { ASSISTANCE_STATUS, EVENT_STATUS, INTEREST_STATUS } from '../../shared/domain/statuses';
import { newDoorCode, newTicketCode } from '../events/attendance/tickets';
import { pairSearchText } from '../matches/interests/pair-search-text';
import type { Database } from '../platform/db/schema';

/**
 * Two speed-dating nights for the match cards (docs/design/12-match-cards.md), by demo client index: one three
 * days ago whose picks were closed (mutual pairs became mutual interests; one-way picks stay
 * hidden), and one that started earlier today (45 minutes before the seed) where Mariana (the
 * demo login) is checked in and can still choose, and the host screen has people to seat. The
 * past night is rated, and the demo login receives news of events.
 */
const PAST_NIGHT = {
  name: 'Speed Dating en la Condesa',
  venue: 'Café Tacubaya',
  address: 'Av. Tamaulipas 45, Condesa',
  description: 'Diez minutos por mesa, una bebida de bienvenida y tarjetas de elección en tu teléfono.',
  checkedIn: [0, 2, 5, 7, 1, 3, 6, 11, 4, 10],
  /** [picker, picked, pick]: Valeria–Ricardo and Lucía–Diego picked each other; the rest is one-way. */
  picks: [
    [5, 11, 1],
    [11, 5, 1],
    [7, 3, 1],
    [3, 7, 1],
    [4, 10, 1],
    [10, 4, 0],
    [0, 6, 1],
    [6, 0, 0],
    [0, 1, 0],
    [0, 3, 1],
    [3, 0, 0],
    [2, 11, 1],
    [1, 7, 1],
  ] as [number, number, 0 | 1][],
  /** [rater, stars, comment]: "¿Cómo estuvo la noche?", answered the next day (docs/design/25-organizers.md). */
  ratings: [
    [0, 5, 'Muy bien organizada; la música, un poco fuerte.'],
    [5, 5, '¡Conocí a alguien!'],
    [7, 4, null],
    [2, 4, null],
    [11, 3, 'Faltó alguien en la barra: tardaban las bebidas.'],
  ] as [number, number, string | null][],
};

const TONIGHT = {
  name: 'Speed Dating esta noche en la Juárez',
  venue: 'Terraza Havre',
  address: 'Havre 64, Juárez',
  description: 'Rondas de 5 minutos: el anfitrión proyecta la mesa de cada quien y el tiempo que queda.',
  checkedIn: [0, 9, 12, 1, 8, 13, 6, 4, 10],
  picks: [
    [1, 0, 1],
    [8, 12, 1],
    [12, 8, 1],
  ] as [number, number, 0 | 1][],
};

/** What the demo nights add to the community figures: sign-ups and mutual pairs. */
export const DEMO_NIGHTS_SIGN_UPS = PAST_NIGHT.checkedIn.length + TONIGHT.checkedIn.length;
export const DEMO_NIGHTS_MUTUAL_PAIRS = PAST_NIGHT.picks.filter(
  ([picker, picked, pick]) =>
    pick === 1 &&
    picker < picked &&
    PAST_NIGHT.picks.some(([p, q, back]) => p === picked && q === picker && back === 1),
).length;

export async function loadDemoNights(
  trx: Transaction<Database>,
  clientIds: number[],
  now: Date,
): Promise<void> {
  const threeDaysAgo = mexicoDayAndHour(new Date(now.getTime() - 3 * 86_400_000));
  const past = await insertNight(trx, clientIds, PAST_NIGHT, { day: threeDaysAgo.day, hour: '20:00' }, now);
  await trx
    .updateTable('events')
    .set({ picks_closed_at: now.toISOString() })
    .where('id', '=', past)
    .execute();
  await trx
    .insertInto('event_ratings')
    .values(
      PAST_NIGHT.ratings.map(([rater, stars, comment]) => ({
        event_id: past,
        client_id: clientIds[rater]!,
        stars,
        comment,
        rated_at: new Date(now.getTime() - 2 * 86_400_000).toISOString(),
      })),
    )
    .execute();
  // The demo login asked for news of events (her own consent, off for everyone else).
  await trx
    .insertInto('news_subscriptions')
    .values({ client_id: clientIds[0]!, subscribed_at: now.toISOString() })
    .execute();
  for (const [picker, picked] of PAST_NIGHT.picks) {
    const back = PAST_NIGHT.picks.some(([p, q, pick]) => p === picked && q === picker && pick === 1);
    const own = PAST_NIGHT.picks.some(([p, q, pick]) => p === picker && q === picked && pick === 1);
    if (!back || !own) continue;
    await trx
      .insertInto('interests')
      .values({
        client_id: clientIds[picker]!,
        target_client_id: clientIds[picked]!,
        status_id: INTEREST_STATUS.mutual,
        contacted: 0,
        created_at: now.toISOString(),
        search_text: pairSearchText(clientIds[picker]!, clientIds[picked]!),
      })
      .onConflict((oc) =>
        oc.columns(['client_id', 'target_client_id']).doUpdateSet({ status_id: INTEREST_STATUS.mutual }),
      )
      .execute();
  }
  // Started earlier today: 45 minutes ago, or at midnight when that was yesterday.
  const today = mexicoDayAndHour(now).day;
  const started = mexicoDayAndHour(new Date(now.getTime() - 45 * 60_000));
  await insertNight(
    trx,
    clientIds,
    TONIGHT,
    started.day === today ? started : { day: today, hour: '00:00' },
    now,
  );
}

async function insertNight(
  trx: Transaction<Database>,
  clientIds: number[],
  night: Omit<typeof PAST_NIGHT, 'ratings'>,
  when: { day: string; hour: string },
  now: Date,
): Promise<number> {
  const stamp = now.toISOString();
  const { id } = await trx
    .insertInto('events')
    .values({
      name: night.name,
      search_text: foldForSearch(night.name),
      venue: night.venue,
      address: night.address,
      city: 'cdmx',
      day: when.day,
      hour: when.hour,
      description: night.description,
      price_m_cents: 35_000,
      price_w_cents: 30_000,
      limit_m: 10,
      limit_w: 10,
      occupation: 0,
      status_id: EVENT_STATUS.confirmed,
      image_id: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category: CategoryId = 'speed-dating';
  await trx.insertInto('event_categories').values({ event_id: id, category }).execute();
  for (const index of night.checkedIn) {
    await trx
      .insertInto('assistance')
      .values({
        event_id: id,
        client_id: clientIds[index]!,
        status_id: ASSISTANCE_STATUS.confirmed,
        contacted: 0,
        created_at: stamp,
        ticket: newTicketCode(),
        door_code: newDoorCode(),
        checked_in_at: stamp,
      })
      .execute();
  }
  for (const [picker, picked, pick] of night.picks) {
    await trx
      .insertInto('picks')
      .values({
        event_id: id,
        client_id: clientIds[picker]!,
        target_client_id: clientIds[picked]!,
        pick,
        updated_at: stamp,
      })
      .execute();
  }
  return id;
}
