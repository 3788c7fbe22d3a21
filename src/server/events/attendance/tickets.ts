import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import QRCode from 'qrcode';
import { DOOR_CODE_BYTES, doorCodeOf, formatDoorCode } from '../../../shared/domain/door-code';
import { formatDateTime } from '../../../shared/domain/mexico-dates';
import type { Database } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { attendanceInvite } from './calendar-invite';
import { scheduleReminder } from './reminders';
import type { LockedEvent } from './waiting-list';

/** 24 random bytes (192 bits) as 32 base64url characters: not guessable, short enough to type. */
export function newTicketCode(): string {
  return randomBytes(24).toString('base64url');
}

/** A ticket's short code for the door, from the same CSPRNG as the long one. */
export function newDoorCode(): string {
  return doorCodeOf(randomBytes(DOOR_CODE_BYTES));
}

/** How many fresh codes to draw before giving up: one in a trillion collides even at 1 000 tickets. */
const DOOR_CODE_ATTEMPTS = 5;

/**
 * A short code no other ticket of the event holds. The caller holds the event's lock, so nobody
 * issues one for this event meanwhile; the unique index (event_id, door_code) is the backstop.
 */
export async function freeDoorCode(
  trx: Transaction<Database>,
  eventId: number,
  draw: () => string = newDoorCode,
): Promise<string> {
  for (let attempt = 0; attempt < DOOR_CODE_ATTEMPTS; attempt++) {
    const code = draw();
    const holder = await trx
      .selectFrom('assistance')
      .select('id')
      .where('event_id', '=', eventId)
      .where('door_code', '=', code)
      .executeTakeFirst();
    if (!holder) return code;
  }
  throw new Error(`no free door code for event ${eventId}`);
}

/** The QR of a ticket code as a PNG, large enough for a phone camera at the door. */
export function ticketQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360 });
}

/** The same QR as SVG markup: the ticket kept on the phone for the door, readable with no network. */
export function ticketQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 208 });
}

/**
 * On confirmation (1 → 2): the attendee's ticket (kept if they had one, so a code already sent
 * stays valid), the e-mail with the .ics and the QR, and the reminder, all in the transaction.
 */
export async function issueTicket(
  app: FastifyInstance,
  trx: Transaction<Database>,
  assistanceId: number,
  event: LockedEvent,
): Promise<string> {
  const row = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select(['assistance.ticket', 'assistance.door_code', 'clients.first_name', 'clients.email'])
    .where('assistance.id', '=', assistanceId)
    .executeTakeFirstOrThrow();
  const ticket = row.ticket ?? newTicketCode();
  const doorCode = row.door_code ?? (await freeDoorCode(trx, event.id));
  if (!row.ticket || !row.door_code) {
    await trx
      .updateTable('assistance')
      .set({ ticket, door_code: doorCode })
      .where('id', '=', assistanceId)
      .execute();
  }
  if (!event.day || !event.hour) return ticket;
  const url = `${app.config.publicUrl}/evento/${event.id}`;
  const invite = attendanceInvite(assistanceId, { ...event, day: event.day, hour: event.hour }, url);
  const qr = await ticketQrPng(ticket);
  const where = event.venue ? `${event.venue}${event.address ? `, ${event.address}` : ''}` : '';
  await enqueueMail(trx, `mail:confirmed:assistance:${assistanceId}:${ticket}`, {
    to: row.email,
    subject: `Lugar confirmado: ${event.name}`,
    text: [
      `Hola ${row.first_name}:`,
      '',
      `Tu lugar en «${event.name}» está confirmado: ${formatDateTime(event.day, event.hour)} (hora del centro de México).`,
      ...(where ? [`Lugar: ${where}`] : []),
      '',
      'Muestra en la entrada el código QR adjunto (boleto.png). Si no puedes mostrarlo, di tu código:',
      formatDoorCode(doorCode),
      '',
      url,
      '',
      'Cita',
    ].join('\n'),
    attachments: [
      { filename: 'evento.ics', content: invite, contentType: 'text/calendar; charset=utf-8' },
      {
        filename: 'boleto.png',
        content: qr.toString('base64'),
        encoding: 'base64',
        contentType: 'image/png',
        cid: 'boleto-qr',
      },
    ],
  });
  await scheduleReminder(trx, assistanceId, event);
  return ticket;
}
