import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../support/test-app';
import { loggedInClient } from '../events-quiz/helpers';

export interface AdvertValues {
  status_id?: 1 | 2;
  description?: string;
  description_update?: string | null;
}

/** Gives a client an advert directly; published (visible, with text) unless told otherwise. */
export async function insertAdvert(app: FastifyInstance, clientId: number, values: AdvertValues = {}) {
  const { id } = await app.db
    .insertInto('adverts')
    .values({
      client_id: clientId,
      status_id: values.status_id ?? 1,
      description: values.description ?? `Anuncio de la persona ${clientId}`,
      description_update: values.description_update ?? null,
      status_update: values.description_update ? 1 : null,
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

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
