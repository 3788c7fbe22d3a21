import type { Transaction } from 'kysely';
import type { ReportReason } from '../../shared/contracts/trust';
import { REPORT_STATUS } from '../../shared/contracts/trust';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { type DB, isSqlite } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import { badRequest, notFound, tooManyRequests } from '../platform/errors';
import { PERSON_NOT_FOUND } from './blocks';

export const SELF_REPORT = 'No puedes reportarte a ti misma o a ti mismo';

/** Per member, counted from the reports table itself (so across instances): decision 0024. */
export const REPORTS_PER_HOUR = 5;
export const REPORTS_PER_DAY = 10;
export const TOO_MANY_REPORTS =
  'Enviaste muchos reportes en poco tiempo: inténtalo de nuevo más tarde. Si estás en peligro, llama al 911.';

const HOUR_MS = 3_600_000;

/**
 * A member reports another: it waits, open, in the admin's queue (docs/design/13-trust.md). At most
 * REPORTS_PER_HOUR in any hour and REPORTS_PER_DAY in any 24 hours per member (429): the count
 * and the insert are one transaction, and on PostgreSQL the reporter's row is locked so two
 * reports sent at once are counted one after the other (SQLite runs write transactions one at a time).
 */
export async function createReport(
  db: DB,
  clientId: number,
  report: {
    target_client_id: number;
    reason: ReportReason;
    text?: string | undefined;
    /** A reported message's text, kept as evidence (docs/design/20-mensajes.md). */
    message_text?: string | undefined;
  },
): Promise<number> {
  if (report.target_client_id === clientId) throw badRequest(SELF_REPORT);
  const target = await db
    .selectFrom('clients')
    .select('id')
    .where('id', '=', report.target_client_id)
    .where('status_id', 'in', [CLIENT_STATUS.active, CLIENT_STATUS.inactive])
    .executeTakeFirst();
  if (!target) throw notFound(PERSON_NOT_FOUND);
  return db.transaction().execute(async (trx) => {
    let reporter = trx.selectFrom('clients').select('id').where('id', '=', clientId);
    if (!isSqlite(db)) reporter = reporter.forUpdate();
    await reporter.executeTakeFirstOrThrow();
    const now = Date.now();
    const recent = await trx
      .selectFrom('reports')
      .select('created_at')
      .where('client_id', '=', clientId)
      .where('created_at', '>', new Date(now - 24 * HOUR_MS).toISOString())
      .execute();
    const lastHour = recent.filter((row) => Date.parse(row.created_at) > now - HOUR_MS).length;
    if (recent.length >= REPORTS_PER_DAY || lastHour >= REPORTS_PER_HOUR)
      throw tooManyRequests(TOO_MANY_REPORTS);
    const inserted = await trx
      .insertInto('reports')
      .values({
        client_id: clientId,
        target_client_id: report.target_client_id,
        reason: report.reason,
        text: report.text ?? '',
        message_text: report.message_text ?? null,
        status_id: REPORT_STATUS.open,
        action: null,
        created_at: new Date(now).toISOString(),
        resolved_at: null,
        resolved_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
}

/**
 * A report Cita files by itself (a message held as spam, docs/design/20-mensajes.md), in the caller's
 * transaction: `reporterId` is the member the message was meant for. Not counted against anyone's
 * report limits; an open report about the same person and text is not filed twice.
 */
export async function fileAutomaticReport(
  trx: Transaction<Database>,
  report: { reporterId: number; targetId: number; text: string; messageText: string },
): Promise<void> {
  const open = await trx
    .selectFrom('reports')
    .select('id')
    .where('target_client_id', '=', report.targetId)
    .where('status_id', '=', REPORT_STATUS.open)
    .where('message_text', '=', report.messageText)
    .executeTakeFirst();
  if (open) return;
  await trx
    .insertInto('reports')
    .values({
      client_id: report.reporterId,
      target_client_id: report.targetId,
      reason: 'other',
      text: report.text,
      message_text: report.messageText,
      status_id: REPORT_STATUS.open,
      action: null,
      created_at: new Date().toISOString(),
      resolved_at: null,
      resolved_by: null,
    })
    .execute();
}
