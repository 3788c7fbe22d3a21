import type { Transaction } from 'kysely';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import type { Database } from '../../platform/db/schema';
import type { PlaceRules } from './payment-holds';
import { fillFreePlaces, type LockedEvent, lockEvent } from './waiting-list';

/**
 * An erased account leaves every event: its rows go, and the places it held go to the people
 * waiting (the events are locked first, in id order, as a sign-up or cancel would).
 */
export async function leaveAllEvents(
  trx: Transaction<Database>,
  rules: PlaceRules,
  clientId: number,
): Promise<void> {
  const held = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select(['assistance.event_id', 'clients.gender'])
    .where('assistance.client_id', '=', clientId)
    .where('assistance.status_id', 'in', [ASSISTANCE_STATUS.registered, ASSISTANCE_STATUS.confirmed])
    .orderBy('assistance.event_id')
    .execute();
  const freed: [LockedEvent, number][] = [];
  for (const row of held) {
    const event = await lockEvent(trx, row.event_id);
    if (event) freed.push([event, row.gender]);
  }
  await trx.deleteFrom('assistance').where('client_id', '=', clientId).execute();
  for (const [event, gender] of freed) await fillFreePlaces(trx, rules, event, gender);
}
