import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { clientSearchText } from '../../shared/domain/search-text';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { issuePersonalCode } from '../events/codes/personal-codes';
import type { Database } from '../platform/db/schema';
import { DEMO_CLIENT_INDEX } from './demo-content';

/** Lucía, among those checked in at the demo's past speed-dating night (demo-nights.ts). */
const LUCIA_INDEX = 7;

/** The reward for bringing someone in the demo: 50 % off a night, for 30 days (docs/design/25-organizers.md). */
export const DEMO_INVITE_REWARD = { percent_off: 50, valid_days: 30 };

/** Signed up through the demo login's link and has not come to a night yet. */
export const DEMO_INVITED_NEWCOMER = {
  first_name: 'Regina',
  last_name: 'Campos',
  email: 'regina.campos@demo.cita.mx',
  phone: '5512345615',
  birthday: '1995-02-11',
  gender: 1,
  occupation: 'Arquitecta',
  instagram: '',
} as const;

/**
 * Mariana (the demo login) brought two people with her link: Lucía, who came to the speed-dating
 * night three days ago and so earned her a personal code, and Regina, new and yet to come.
 */
export async function loadDemoInvites(
  trx: Transaction<Database>,
  clientIds: number[],
  now: Date,
  passwordHash: string,
): Promise<void> {
  const at = now.toISOString();
  await trx
    .insertInto('invite_reward')
    .values({
      id: 1,
      enabled: 1,
      percent_off: DEMO_INVITE_REWARD.percent_off,
      amount_off_cents: null,
      valid_days: DEMO_INVITE_REWARD.valid_days,
      updated_at: at,
    })
    .execute();
  const mariana = clientIds[DEMO_CLIENT_INDEX]!;
  const lucia = clientIds[LUCIA_INDEX]!;
  await trx
    .insertInto('invite_links')
    .values({ client_id: mariana, token: randomBytes(16).toString('base64url'), created_at: at })
    .execute();
  const { id: regina } = await trx
    .insertInto('clients')
    .values({
      ...DEMO_INVITED_NEWCOMER,
      password_hash: passwordHash,
      status_id: CLIENT_STATUS.active,
      date_creation: at,
      search_text: clientSearchText(DEMO_INVITED_NEWCOMER),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pastNight = new Date(now.getTime() - 3 * 86_400_000);
  const code = await issuePersonalCode(
    trx,
    mariana,
    {
      percentOff: DEMO_INVITE_REWARD.percent_off,
      amountOffCents: null,
      validDays: DEMO_INVITE_REWARD.valid_days,
    },
    pastNight,
  );
  await trx
    .insertInto('invitations')
    .values([
      {
        invited_client_id: lucia,
        inviter_client_id: mariana,
        created_at: new Date(now.getTime() - 10 * 86_400_000).toISOString(),
        first_check_in_at: pastNight.toISOString(),
        code_id: code.id,
      },
      { invited_client_id: regina, inviter_client_id: mariana, created_at: at },
    ])
    .execute();
}
