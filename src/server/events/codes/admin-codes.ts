import { sql } from 'kysely';
import type { AdminCodesAddBody, AdminPromoCode } from '../../../shared/contracts/promo-codes';
import { normalizePromoCode } from '../../../shared/domain/promo-codes';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import { recordAudit } from '../../platform/audit';
import type { DB } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/errors';

export const CODE_TAKEN = 'Ya existe un código con ese nombre';

type CodeFields = Omit<AdminCodesAddBody, 'admin_id'>;

/**
 * Every code with its uses and the pesos it took off confirmed places (docs/design/25-organizers.md). Personal
 * codes earned by members are not listed: the reward's own figures count them (decision 0053).
 */
export async function listCodes(db: DB, codeId?: number): Promise<AdminPromoCode[]> {
  let query = db
    .selectFrom('promo_codes')
    .leftJoin('promo_code_uses', (join) =>
      join
        .onRef('promo_code_uses.code_id', '=', 'promo_codes.id')
        .on('promo_code_uses.released_at', 'is', null),
    )
    .leftJoin('assistance', 'assistance.id', 'promo_code_uses.assistance_id')
    .selectAll('promo_codes')
    .select([
      sql<number>`count(promo_code_uses.id)`.as('uses'),
      sql<number>`coalesce(sum(case when assistance.status_id = ${ASSISTANCE_STATUS.confirmed} then 1 else 0 end), 0)`.as(
        'confirmed_uses',
      ),
      sql<number>`coalesce(sum(case when assistance.status_id = ${ASSISTANCE_STATUS.confirmed} then promo_code_uses.discount_cents else 0 end), 0)`.as(
        'discounted_cents',
      ),
    ])
    .where('promo_codes.personal', '=', 0)
    .groupBy('promo_codes.id')
    .orderBy('promo_codes.id', 'desc');
  if (codeId !== undefined) query = query.where('promo_codes.id', '=', codeId);
  const codes = await query.execute();
  const events = await db
    .selectFrom('promo_code_events')
    .innerJoin('events', 'events.id', 'promo_code_events.event_id')
    .select(['promo_code_events.code_id', 'promo_code_events.event_id', 'events.name', 'events.day'])
    .orderBy('events.day')
    .orderBy('promo_code_events.event_id')
    .execute();
  return codes.map((code) => {
    const its = events.filter((row) => row.code_id === code.id);
    return {
      id: code.id,
      code: code.code,
      percent_off: code.percent_off,
      amount_off: code.amount_off_cents === null ? null : code.amount_off_cents / 100,
      event_ids: its.map((row) => row.event_id),
      events: its.map((row) => ({ id: row.event_id, name: row.name, day: row.day })),
      genders: code.genders ? code.genders.split(',').map(Number) : [],
      max_uses: code.max_uses,
      max_uses_per_member: code.max_uses_per_member,
      valid_from: code.valid_from,
      valid_until: code.valid_until,
      active: code.active === 1,
      uses: Number(code.uses),
      confirmed_uses: Number(code.confirmed_uses),
      discounted_cents: Number(code.discounted_cents),
    };
  });
}

function columns(fields: CodeFields, now: string) {
  const genders = [...new Set(fields.genders ?? [])].sort();
  return {
    code: normalizePromoCode(fields.code),
    percent_off: fields.percent_off ?? null,
    amount_off_cents: fields.amount_off == null ? null : Math.round(fields.amount_off * 100),
    genders: genders.length === 0 || genders.length === 3 ? null : genders.join(','),
    max_uses: fields.max_uses ?? null,
    max_uses_per_member: fields.max_uses_per_member ?? null,
    valid_from: fields.valid_from || null,
    valid_until: fields.valid_until || null,
    ...(fields.active === undefined ? {} : { active: fields.active ? 1 : 0 }),
    updated_at: now,
  };
}

async function checkEvents(db: DB, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  const found = await db.selectFrom('events').select('id').where('id', 'in', eventIds).execute();
  if (found.length !== new Set(eventIds).size) throw badRequest('Uno de los eventos elegidos no existe');
}

async function codeTaken(db: DB, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('promo_codes').select('id').where('code', '=', normalizePromoCode(code));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function setEvents(db: DB, codeId: number, eventIds: number[]): Promise<void> {
  await db.deleteFrom('promo_code_events').where('code_id', '=', codeId).execute();
  const unique = [...new Set(eventIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('promo_code_events')
    .values(unique.map((eventId) => ({ code_id: codeId, event_id: eventId })))
    .execute();
}

export async function addCode(db: DB, adminId: number, fields: CodeFields): Promise<AdminPromoCode> {
  const eventIds = fields.event_ids ?? [];
  await checkEvents(db, eventIds);
  const id = await db.transaction().execute(async (trx) => {
    if (await codeTaken(trx, fields.code)) throw conflict(CODE_TAKEN);
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('promo_codes')
      .values({ ...columns(fields, now), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setEvents(trx, row.id, eventIds);
    await recordAudit(trx, {
      adminId,
      action: 'promo_code.add',
      entity: 'promo_code',
      entityId: row.id,
      after: columns(fields, now),
    });
    return row.id;
  });
  const [code] = await listCodes(db, id);
  if (!code) throw notFound('El código no existe');
  return code;
}

/** Changing a code never changes what places already holding it pay. */
export async function updateCode(
  db: DB,
  adminId: number,
  codeId: number,
  fields: CodeFields,
): Promise<AdminPromoCode> {
  const eventIds = fields.event_ids ?? [];
  await checkEvents(db, eventIds);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('promo_codes')
      .selectAll()
      .where('id', '=', codeId)
      .where('personal', '=', 0)
      .executeTakeFirst();
    if (!before) throw notFound('El código no existe');
    if (await codeTaken(trx, fields.code, codeId)) throw conflict(CODE_TAKEN);
    const after = columns(fields, new Date().toISOString());
    await trx.updateTable('promo_codes').set(after).where('id', '=', codeId).execute();
    await setEvents(trx, codeId, eventIds);
    await recordAudit(trx, {
      adminId,
      action: 'promo_code.update',
      entity: 'promo_code',
      entityId: codeId,
      before,
      after,
    });
  });
  const [code] = await listCodes(db, codeId);
  if (!code) throw notFound('El código no existe');
  return code;
}
