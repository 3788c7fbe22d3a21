import type { FastifyInstance } from 'fastify';
import type { PickPerson, PickTotals } from '../../shared/contracts/match-cards';
import { SOUGHT_GENDER } from '../../shared/domain/compatibility';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { publicName } from '../../shared/domain/people';
import type { QuizOptionText } from '../../shared/domain/quiz-questions';
import { EVENT_STATUS } from '../../shared/domain/statuses';
import { mainPhotoUrls } from '../photos/photo-sources';
import type { DB } from '../platform/db/database';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { ageOnDay, nowIso } from '../platform/time';
import { notBlockedWith } from '../trust/blocks';
import { verifiedMarks } from '../verification/verified-marks';
import { checkedInAttendees, isCheckedIn } from './attendees';
import { schedulePicksClose } from './close-picks';
import { type EventTiming, type PicksWindow, picksWindow } from './event-window';
import { mutualPairs } from './mutual-pairs';

export const EVENT_NOT_FOUND = 'El evento no existe o ya no está disponible';
export const NOT_CHECKED_IN = 'Las elecciones son para quienes registraron su llegada al evento';
export const PICKS_NOT_OPEN = 'Las elecciones abren cuando empieza el evento';
export const PICKS_CLOSED = 'Las elecciones de este evento ya cerraron';
export const NOT_ON_LIST = 'Solo puedes elegir entre las personas que conociste en este evento';

async function findEvent(db: DB, eventId: number) {
  const event = await db
    .selectFrom('events')
    .select(['id', 'name', 'day', 'hour', 'duration_minutes', 'picks_closed_at'])
    .where('id', '=', eventId)
    .where('status_id', '<>', EVENT_STATUS.deleted)
    .executeTakeFirst();
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

function isOpen(window: PicksWindow | null, closedAt: string | null, now: Date): boolean {
  return Boolean(window && !closedAt && now >= window.opensAt && now < window.closesAt);
}

/**
 * Whom a checked-in attendee may pick: the other checked-in attendees, minus anyone blocked either
 * way, and only the gender the attendee seeks when the quiz says so (docs/design/12-match-cards.md).
 */
async function pickList(db: DB, eventId: number, clientId: number) {
  const quiz = await db
    .selectFrom('quiz_answers')
    .select('q_1')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const sought = quiz ? SOUGHT_GENDER[quiz.q_1 as QuizOptionText<'q_1'>] : undefined;
  let query = checkedInAttendees(db, eventId)
    .select(['clients.id', 'clients.first_name', 'clients.last_name', 'clients.gender', 'clients.birthday'])
    .where('clients.id', '<>', clientId)
    .where(notBlockedWith(clientId, 'clients.id'))
    .orderBy('clients.first_name')
    .orderBy('clients.id');
  if (sought !== undefined) query = query.where('clients.gender', '=', sought);
  return query.execute();
}

export async function getPicks(db: DB, clientId: number, eventId: number) {
  const event = await findEvent(db, eventId);
  if (!(await isCheckedIn(db, eventId, clientId))) throw forbidden(NOT_CHECKED_IN);
  const window = picksWindow(event);
  const now = new Date();
  const open = isOpen(window, event.picks_closed_at, now);
  const closed = Boolean(event.picks_closed_at) || Boolean(window && now >= window.closesAt);
  const started = Boolean(window && now >= window.opensAt);
  const people: PickPerson[] = [];
  if (started) {
    const answers = await db
      .selectFrom('picks')
      .select(['target_client_id', 'pick'])
      .where('event_id', '=', eventId)
      .where('client_id', '=', clientId)
      .execute();
    const answerOf = new Map(answers.map((row) => [row.target_client_id, row.pick === 1 ? 1 : 0] as const));
    const today = dayInMexicoCity();
    const list = await pickList(db, eventId, clientId);
    const ids = list.map((person) => person.id);
    const [photoOf, verifiedOf] = await Promise.all([
      mainPhotoUrls(db, ids, 'member'),
      verifiedMarks(db, ids),
    ]);
    for (const person of list) {
      people.push({
        client_id: person.id,
        name: publicName(person.first_name, person.last_name),
        gender: person.gender,
        age: ageOnDay(person.birthday, today),
        photo: photoOf(person.id),
        verified: verifiedOf(person.id),
        picked: answerOf.get(person.id) ?? null,
      });
    }
  }
  return {
    event_name: event.name,
    open,
    opens_at: window?.opensAt.toISOString() ?? null,
    closes_at: window?.closesAt.toISOString() ?? null,
    closed,
    people,
  };
}

/**
 * Saves Sí/No answers. The event row is read under a share lock (PostgreSQL) so that a close
 * running at the same moment either waits for these answers or is seen by them: no answer is
 * ever stored after its event closed.
 */
export async function updatePicks(
  app: FastifyInstance,
  clientId: number,
  eventId: number,
  picks: { client_id: number; pick: 0 | 1 }[],
): Promise<void> {
  const event = await findEvent(app.db, eventId);
  if (!(await isCheckedIn(app.db, eventId, clientId))) throw forbidden(NOT_CHECKED_IN);
  assertWindowOpen(event);
  const allowed = new Set((await pickList(app.db, eventId, clientId)).map((person) => person.id));
  if (picks.some((pick) => !allowed.has(pick.client_id))) throw badRequest(NOT_ON_LIST);
  await app.db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('events')
      .select(['day', 'hour', 'duration_minutes', 'picks_closed_at'])
      .where('id', '=', eventId);
    if (app.config.databaseUrl) query = query.forShare();
    const closesAt = assertWindowOpen(await query.executeTakeFirstOrThrow());
    const updatedAt = nowIso();
    for (const pick of picks) {
      await trx
        .insertInto('picks')
        .values({
          event_id: eventId,
          client_id: clientId,
          target_client_id: pick.client_id,
          pick: pick.pick,
          updated_at: updatedAt,
        })
        .onConflict((oc) =>
          oc
            .columns(['event_id', 'client_id', 'target_client_id'])
            .doUpdateSet({ pick: pick.pick, updated_at: updatedAt }),
        )
        .execute();
    }
    await schedulePicksClose(trx, eventId, closesAt);
  });
}

/** Refuses answers outside the window (409) and answers when it closes. */
function assertWindowOpen(event: EventTiming & { picks_closed_at: string | null }): Date {
  const window = picksWindow(event);
  const now = new Date();
  if (event.picks_closed_at || !window || now >= window.closesAt) throw conflict(PICKS_CLOSED);
  if (now < window.opensAt) throw conflict(PICKS_NOT_OPEN);
  return window.closesAt;
}

/** The organizer's totals (docs/design/12-match-cards.md): counts only, never who picked whom. */
export async function pickTotals(db: DB, eventId: number): Promise<PickTotals> {
  const checkedIn = await checkedInAttendees(db, eventId)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const answers = await db
    .selectFrom('picks')
    .select([
      (eb) => eb.fn.count<number>('client_id').distinct().as('pickers'),
      (eb) => eb.fn.sum<number>(eb.case().when('pick', '=', 1).then(1).else(0).end()).as('picks'),
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  const mutual = await mutualPairs(db, eventId);
  const event = await db
    .selectFrom('events')
    .select('picks_closed_at')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  return {
    checked_in: Number(checkedIn.total),
    pickers: Number(answers.pickers),
    picks: Number(answers.picks ?? 0),
    mutual: mutual.length,
    closed_at: event.picks_closed_at,
  };
}
