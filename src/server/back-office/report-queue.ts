import type { AdminReport, ReportAction, ReportReason } from '../../shared/contracts/trust';
import { REPORT_STATUS } from '../../shared/contracts/trust';
import { ADVERT_STATUS, CLIENT_STATUS } from '../../shared/domain/statuses';
import { recordScoringChange } from '../compatibility/matching-service';
import { recordAudit } from '../platform/audit';
import { revokeAllSessions } from '../platform/auth/sessions';
import type { DB } from '../platform/db/database';
import { conflict, notFound } from '../platform/errors';
import { nowIso } from '../platform/time';

/** The reports queue (docs/design/13-trust.md), newest first; open ones by default. */
export async function listReports(db: DB, statusId: number = REPORT_STATUS.open): Promise<AdminReport[]> {
  const rows = await db
    .selectFrom('reports')
    .innerJoin('clients as reporter', 'reporter.id', 'reports.client_id')
    .innerJoin('clients as reported', 'reported.id', 'reports.target_client_id')
    .leftJoin('adverts', 'adverts.client_id', 'reports.target_client_id')
    .select([
      'reports.id',
      'reports.reason',
      'reports.text',
      'reports.message_text',
      'reports.status_id',
      'reports.action',
      'reports.created_at',
      'reporter.id as reporter_id',
      'reporter.first_name as reporter_first',
      'reporter.last_name as reporter_last',
      'reporter.email as reporter_email',
      'reporter.status_id as reporter_status',
      'reported.id as reported_id',
      'reported.first_name as reported_first',
      'reported.last_name as reported_last',
      'reported.email as reported_email',
      'reported.status_id as reported_status',
      'adverts.id as advert_id',
      'adverts.status_id as advert_status',
      'adverts.description',
    ])
    .where('reports.status_id', '=', statusId)
    .orderBy('reports.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reporter: {
      id: row.reporter_id,
      name: `${row.reporter_first} ${row.reporter_last}`,
      email: row.reporter_email,
      status_id: row.reporter_status,
    },
    reported: {
      id: row.reported_id,
      name: `${row.reported_first} ${row.reported_last}`,
      email: row.reported_email,
      status_id: row.reported_status,
      advert_id: row.advert_id,
      advert_status: row.advert_status,
      description: row.description,
    },
    reason: row.reason as ReportReason,
    text: row.text,
    message_text: row.message_text,
    status_id: row.status_id,
    action: row.action as ReportAction | null,
    created_at: row.created_at,
  }));
}

export const REPORT_CLOSED = 'Este reporte ya fue atendido';

/**
 * Resolves (2) or dismisses (3) an open report, with what the admin did to the reported person:
 * hide their advert at once, or deactivate their account (as 'Eliminar' in Clientes: reversible,
 * sessions ended). One transaction with its audit entry; a second decision on it gets a 409.
 */
export async function decideReport(
  db: DB,
  adminId: number,
  decision: { id: number; status_id: 2 | 3; action?: ReportAction | undefined },
): Promise<void> {
  const action = decision.status_id === REPORT_STATUS.resolved ? (decision.action ?? null) : null;
  await db.transaction().execute(async (trx) => {
    const report = await trx
      .selectFrom('reports')
      .select(['id', 'target_client_id', 'status_id'])
      .where('id', '=', decision.id)
      .executeTakeFirst();
    if (!report) throw notFound('El reporte no existe');
    const closed = await trx
      .updateTable('reports')
      .set({ status_id: decision.status_id, action, resolved_at: nowIso(), resolved_by: adminId })
      .where('id', '=', decision.id)
      .where('status_id', '=', REPORT_STATUS.open)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) throw conflict(REPORT_CLOSED);
    const reportedId = report.target_client_id;
    if (action === 'hide_advert') {
      await trx
        .updateTable('adverts')
        .set({ status_id: ADVERT_STATUS.hidden, updated_at: nowIso() })
        .where('client_id', '=', reportedId)
        .execute();
      await recordScoringChange(trx, reportedId);
    } else if (action === 'deactivate') {
      const deactivated = await trx
        .updateTable('clients')
        .set({ status_id: CLIENT_STATUS.inactive })
        .where('id', '=', reportedId)
        .where('status_id', '=', CLIENT_STATUS.active)
        .executeTakeFirst();
      if (Number(deactivated.numUpdatedRows) > 0) {
        await revokeAllSessions(trx, 'client', reportedId);
        await recordScoringChange(trx, reportedId);
      }
    }
    await recordAudit(trx, {
      adminId,
      action: decision.status_id === REPORT_STATUS.resolved ? 'report.resolve' : 'report.dismiss',
      entity: 'report',
      entityId: decision.id,
      before: { status_id: report.status_id },
      after: { status_id: decision.status_id, action, reported: reportedId },
    });
  });
}
