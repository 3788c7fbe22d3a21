import { normalizeDoorCode } from '../../../shared/domain/door-code';
import { atTime, formatDate } from '../../../shared/domain/mexico-dates';
import { dayInMexicoCity, mexicoDayAndHour } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import { recordAudit } from '../../platform/audit';
import type { DB } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { nowIso } from '../../platform/time';
import type { PlaceHooks } from './place-hooks';
import { scheduleRatingAsk } from './rating-ask';

export const TICKET_UNKNOWN = 'Este código no corresponde a ningún boleto';
export const TICKET_OTHER_EVENT = 'Este boleto es de otro evento';
export const TICKET_NOT_CONFIRMED = 'Esta persona no tiene su lugar confirmado';

/**
 * A second scan names who it was and when she came in, so the door knows whether it is the same
 * guest again or someone holding her ticket: 'Ana López ya registró su llegada a las 9:05 p.m.'
 * (the day too when it was not today).
 */
export function alreadyCheckedIn(name: string, checkedInAt: string, now = new Date()): string {
  const { day, hour } = mexicoDayAndHour(new Date(checkedInAt));
  const when = day === dayInMexicoCity(now) ? atTime(hour) : `el ${formatDate(day, now)} ${atTime(hour)}`;
  return `${name} ya registró su llegada ${when}`;
}

/**
 * Door check-in (docs/design/11-night-out.md): the confirmed attendee of this event holding the code is
 * marked as arrived. The code is the QR's long token or the short one typed from the ticket
 * (unique only within its event). The conditional update makes a second scan, even a
 * simultaneous one, 409. Listeners hear of the arrival in the same transaction (an invitation's
 * reward, decision 0053).
 */
export async function checkIn(
  db: DB,
  hooks: PlaceHooks,
  adminId: number,
  eventId: number,
  code: string,
): Promise<{ assistanceId: number; clientId: number; name: string; gender: number }> {
  const doorCode = normalizeDoorCode(code);
  return db.transaction().execute(async (trx) => {
    const holders = trx
      .selectFrom('assistance')
      .innerJoin('clients', 'clients.id', 'assistance.client_id')
      .innerJoin('events', 'events.id', 'assistance.event_id')
      .select([
        'assistance.id',
        'assistance.event_id',
        'assistance.client_id',
        'assistance.status_id',
        'assistance.checked_in_at',
        'clients.first_name',
        'clients.last_name',
        'clients.gender',
        'events.day',
      ]);
    // A short code of this event first; held only elsewhere, it is another event's ticket.
    const row = doorCode
      ? ((await holders
          .where('assistance.door_code', '=', doorCode)
          .where('assistance.event_id', '=', eventId)
          .executeTakeFirst()) ??
        (await holders.where('assistance.door_code', '=', doorCode).executeTakeFirst()))
      : await holders.where('assistance.ticket', '=', code).executeTakeFirst();
    if (!row) throw notFound(TICKET_UNKNOWN);
    if (row.event_id !== eventId) throw badRequest(TICKET_OTHER_EVENT);
    if (row.status_id !== ASSISTANCE_STATUS.confirmed) throw badRequest(TICKET_NOT_CONFIRMED);
    const name = `${row.first_name} ${row.last_name}`;
    if (row.checked_in_at) throw conflict(alreadyCheckedIn(name, row.checked_in_at));
    const now = nowIso();
    const result = await trx
      .updateTable('assistance')
      .set({ checked_in_at: now })
      .where('id', '=', row.id)
      .where('checked_in_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      // A simultaneous scan won: its moment is the one to tell.
      const winner = await trx
        .selectFrom('assistance')
        .select('checked_in_at')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      throw conflict(alreadyCheckedIn(name, winner.checked_in_at ?? now));
    }
    await recordAudit(trx, {
      adminId,
      action: 'assistance.checkin',
      entity: 'assistance',
      entityId: row.id,
      before: { checked_in_at: null },
      after: { checked_in_at: now },
    });
    await scheduleRatingAsk(trx, row.id, row.day);
    await hooks.checkedIn(trx, {
      assistanceId: row.id,
      clientId: row.client_id,
      eventId: row.event_id,
      checkedInAt: now,
    });
    return {
      assistanceId: row.id,
      clientId: row.client_id,
      name,
      gender: row.gender,
    };
  });
}
