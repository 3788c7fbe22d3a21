import { sql } from 'kysely';
import type { ClientInviteGetAnswer, EarnedCode } from '../../shared/contracts/invites';
import { inviteLink } from '../../shared/domain/invites';
import { personalCodesOf } from '../events/codes/personal-codes';
import type { DB } from '../platform/db/database';
import { inviteTokenOf } from './invite-links';
import { rewardOffer } from './invite-reward';

type MemberInvites = Omit<ClientInviteGetAnswer, 'status' | 'message'>;

/** People who signed up through her link, and how many of them came to a night. */
async function invitedCounts(db: DB, inviterId: number): Promise<{ signed_up: number; came: number }> {
  const row = await db
    .selectFrom('invitations')
    .select([sql<number>`count(*)`.as('signed_up'), sql<number>`count(first_check_in_at)`.as('came')])
    .where('inviter_client_id', '=', inviterId)
    .executeTakeFirstOrThrow();
  return { signed_up: Number(row.signed_up), came: Number(row.came) };
}

/** Her earned codes, each with the first name of the person whose first night earned it. */
export async function earnedCodes(db: DB, inviterId: number): Promise<EarnedCode[]> {
  const codes = await personalCodesOf(db, inviterId);
  const earnedBy = await db
    .selectFrom('invitations')
    .innerJoin('clients', 'clients.id', 'invitations.invited_client_id')
    .select(['invitations.code_id', 'clients.first_name'])
    .where('invitations.inviter_client_id', '=', inviterId)
    .where('invitations.code_id', 'is not', null)
    .execute();
  const names = new Map(earnedBy.map((row) => [row.code_id, row.first_name]));
  return codes.map(({ id, ...code }) => ({ ...code, invited: names.get(id) ?? null }));
}

/** Her /invitar page: the link to share, what it brought and what a first night earns now. */
export async function memberInvites(db: DB, publicUrl: string, clientId: number): Promise<MemberInvites> {
  const offer = await rewardOffer(db);
  return {
    link: inviteLink(publicUrl, await inviteTokenOf(db, clientId)),
    ...(await invitedCounts(db, clientId)),
    codes: await earnedCodes(db, clientId),
    reward: offer && {
      percent_off: offer.percentOff,
      amount_off_cents: offer.amountOffCents,
      valid_days: offer.validDays,
    },
  };
}

/** Her invitations for the ARCO export: her link (if she ever asked for it), who brought her, what hers brought. */
export async function invitesExport(db: DB, publicUrl: string, clientId: number) {
  const link = await db
    .selectFrom('invite_links')
    .select(['token', 'created_at'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const invitedBy = await db
    .selectFrom('invitations')
    .innerJoin('clients', 'clients.id', 'invitations.inviter_client_id')
    .select(['clients.first_name', 'invitations.created_at', 'invitations.first_check_in_at'])
    .where('invitations.invited_client_id', '=', clientId)
    .executeTakeFirst();
  return {
    link: link ? inviteLink(publicUrl, link.token) : null,
    link_created_at: link?.created_at ?? null,
    invited_by: invitedBy
      ? {
          first_name: invitedBy.first_name,
          signed_up_at: invitedBy.created_at,
          first_night_at: invitedBy.first_check_in_at,
        }
      : null,
    ...(await invitedCounts(db, clientId)),
    codes_earned: await earnedCodes(db, clientId),
  };
}
