import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import QRCode from 'qrcode';
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
    .select(['assistance.ticket', 'clients.first_name', 'clients.email'])
    .where('assistance.id', '=', assistanceId)
    .executeTakeFirstOrThrow();
  const ticket = row.ticket ?? newTicketCode();
  if (!row.ticket) {
    await trx.updateTable('assistance').set({ ticket }).where('id', '=', assistanceId).execute();
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
      'Muestra en la entrada el código QR adjunto (boleto.png). Si no puedes mostrarlo, tu código es:',
      ticket,
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
