import { sql } from 'kysely';
import type {
  AdminInviteRewardUpdateBody,
  InviteFigures,
  InviteReward,
} from '../../shared/contracts/invites';
import { type PersonalCodeOffer, personalCodeFigures } from '../events/codes/personal-codes';
import { recordAudit } from '../platform/audit';
import type { DB } from '../platform/db/database';
import { nowIso } from '../platform/time';

/** The one row the reward lives in. */
const REWARD_ROW = 1;
/** What the form proposes before the admins ever save it: off, a month to use the code. */
const UNSET: InviteReward = { enabled: false, percent_off: null, amount_off: null, valid_days: 30 };

/** The reward as the admins set it (docs/design/25-organizers.md); never set means off. */
export async function inviteReward(db: DB): Promise<InviteReward> {
  const row = await db
    .selectFrom('invite_reward')
    .selectAll()
    .where('id', '=', REWARD_ROW)
    .executeTakeFirst();
  if (!row) return UNSET;
  return {
    enabled: row.enabled === 1,
    percent_off: row.percent_off,
    amount_off: row.amount_off_cents === null ? null : row.amount_off_cents / 100,
    valid_days: row.valid_days,
  };
}

/** What a first night earns now, as a personal code's terms; null while the reward is off. */
export async function rewardOffer(db: DB): Promise<PersonalCodeOffer | null> {
  const reward = await inviteReward(db);
  if (!reward.enabled) return null;
  return {
    percentOff: reward.percent_off,
    amountOffCents: reward.amount_off === null ? null : Math.round(reward.amount_off * 100),
    validDays: reward.valid_days,
  };
}

/** Saves the reward; codes already earned keep their own terms. In the audit trail. */
export async function updateInviteReward(
  db: DB,
  adminId: number,
  fields: Omit<AdminInviteRewardUpdateBody, 'admin_id'>,
): Promise<InviteReward> {
  const row = {
    enabled: fields.enabled ? 1 : 0,
    percent_off: fields.percent_off ?? null,
    amount_off_cents: fields.amount_off == null ? null : Math.round(fields.amount_off * 100),
    valid_days: fields.valid_days,
    updated_at: nowIso(),
  };
  await db.transaction().execute(async (trx) => {
    const before = await inviteReward(trx);
    await trx
      .insertInto('invite_reward')
      .values({ id: REWARD_ROW, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
    await recordAudit(trx, {
      adminId,
      action: 'invite_reward.update',
      entity: 'invite_reward',
      entityId: REWARD_ROW,
      before,
      after: {
        enabled: fields.enabled,
        percent_off: row.percent_off,
        amount_off: fields.amount_off ?? null,
        valid_days: row.valid_days,
      },
    });
  });
  return inviteReward(db);
}

/** How bringing someone is going: sign-ups through links, first nights, codes earned and used. */
export async function inviteFigures(db: DB): Promise<InviteFigures> {
  const invitations = await db
    .selectFrom('invitations')
    .select([sql<number>`count(*)`.as('signed_up'), sql<number>`count(first_check_in_at)`.as('came')])
    .executeTakeFirstOrThrow();
  return {
    signed_up: Number(invitations.signed_up),
    came: Number(invitations.came),
    ...(await personalCodeFigures(db)),
  };
}
