import type { Transaction } from 'kysely';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import type { NewMember } from '../accounts/sign-up-hooks';
import type { Database } from '../platform/db/schema';
import { inviterOfToken } from './invite-links';

/**
 * Records who brought a new member, inside her sign-up's transaction. The token is looked up
 * here, never taken from the browser as an id. Ignored without a word, so that the account is
 * created all the same: a blank or unknown token, a link of a member who is no longer active,
 * and a member using her own link (her session made the call).
 */
export async function recordInvitation(trx: Transaction<Database>, member: NewMember): Promise<void> {
  const inviterId = await inviterOfToken(trx, member.invite);
  if (inviterId === null || inviterId === member.clientId || inviterId === member.callerClientId) return;
  const inviter = await trx
    .selectFrom('clients')
    .select('status_id')
    .where('id', '=', inviterId)
    .executeTakeFirst();
  if (inviter?.status_id !== CLIENT_STATUS.active) return;
  await trx
    .insertInto('invitations')
    .values({
      invited_client_id: member.clientId,
      inviter_client_id: inviterId,
      created_at: new Date().toISOString(),
    })
    .execute();
}
