import type { ReportReason } from '../../shared/contracts/trust';
import { REPORT_STATUS } from '../../shared/contracts/trust';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';
import { badRequest, notFound } from '../platform/errors';
import { nowIso } from '../platform/time';
import { PERSON_NOT_FOUND } from './blocks';

export const SELF_REPORT = 'No puedes reportarte a ti misma o a ti mismo';

/** A member reports another: it waits, open, in the admin's queue (design.md §13). */
export async function createReport(
  db: DB,
  clientId: number,
  report: { target_client_id: number; reason: ReportReason; text?: string | undefined },
): Promise<number> {
  if (report.target_client_id === clientId) throw badRequest(SELF_REPORT);
  const target = await db
    .selectFrom('clients')
    .select('id')
    .where('id', '=', report.target_client_id)
    .where('status_id', 'in', [CLIENT_STATUS.active, CLIENT_STATUS.inactive])
    .executeTakeFirst();
  if (!target) throw notFound(PERSON_NOT_FOUND);
  const inserted = await db
    .insertInto('reports')
    .values({
      client_id: clientId,
      target_client_id: report.target_client_id,
      reason: report.reason,
      text: report.text ?? '',
      status_id: REPORT_STATUS.open,
      action: null,
      created_at: nowIso(),
      resolved_at: null,
      resolved_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
