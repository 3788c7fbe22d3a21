import type { FastifyInstance } from 'fastify';
import { type AdvertValues, insertAdvert } from '../../support/admin-fixtures';
import type { TestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';

/** A logged-in client with a published advert. */
export async function personWithAdvert(
  testApp: TestApp,
  values: Parameters<typeof loggedInClient>[1] = {},
  advert: AdvertValues = {},
) {
  const client = await loggedInClient(testApp, values);
  const advertId = await insertAdvert(testApp.app, client.id, advert);
  return { ...client, advertId };
}

export async function interestRows(app: FastifyInstance, ...clientIds: number[]) {
  return app.db
    .selectFrom('interests')
    .select(['id', 'client_id', 'target_client_id', 'status_id'])
    .where((eb) => eb.or([eb('client_id', 'in', clientIds), eb('target_client_id', 'in', clientIds)]))
    .orderBy('id')
    .execute();
}

export async function setClientStatus(app: FastifyInstance, clientId: number, statusId: number) {
  await app.db.updateTable('clients').set({ status_id: statusId }).where('id', '=', clientId).execute();
}

/** Interests whose search text is not both people's as they are now (matches/interests/pair-search-text.ts). */
export async function pairTextsOutOfStep(app: FastifyInstance) {
  const rows = await app.db
    .selectFrom('interests')
    .innerJoin('clients as a', 'a.id', 'interests.client_id')
    .innerJoin('clients as b', 'b.id', 'interests.target_client_id')
    .select(['interests.id', 'interests.search_text', 'a.search_text as a_text', 'b.search_text as b_text'])
    .execute();
  return rows.filter((row) => row.search_text !== `${row.a_text}\n${row.b_text}`);
}
