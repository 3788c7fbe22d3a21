import { pairSearchText } from '../../src/server/matches/interests/pair-search-text';
import { hashPassword } from '../../src/server/platform/auth/passwords';
import type { DB } from '../../src/server/platform/db/database';
import { foldForSearch } from '../../src/shared/domain/search-text';
import { rememberPersonalValue } from './personal-values';

/** An app (FastifyInstance) or anything else holding the database, such as a cluster test's own connection. */
export type WithDb = { db: DB };

import { clientSearchText } from '../../src/shared/domain/search-text';

let sequence = 0;
let passwordHash: Promise<string> | undefined;

export const FIXTURE_PASSWORD = 'cliente-de-prueba-1';

/** Inserts an active client directly (tests create what they need without the sign-up call). */
export async function insertClient(
  app: WithDb,
  values: {
    first_name?: string;
    last_name?: string;
    gender?: number;
    birthday?: string;
    phone?: string;
    instagram?: string;
  } = {},
): Promise<{ id: number; email: string }> {
  sequence += 1;
  passwordHash ??= hashPassword(FIXTURE_PASSWORD);
  const email = `fixture${sequence}.${Math.random().toString(36).slice(2, 8)}@pruebas.mx`;
  const named = {
    first_name: values.first_name ?? `Cliente${sequence}`,
    last_name: values.last_name ?? 'Prueba',
    email,
    phone: values.phone ?? `55000${sequence}`,
  };
  for (const value of [named.first_name, named.last_name, named.phone]) rememberPersonalValue(value);
  const { id } = await app.db
    .insertInto('clients')
    .values({
      ...named,
      search_text: clientSearchText(named),
      birthday: values.birthday ?? '1990-01-01',
      gender: values.gender ?? 1,
      occupation: 'Pruebas',
      instagram: values.instagram ?? `ig${sequence}`,
      password_hash: await passwordHash,
      status_id: 1,
      date_creation: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email };
}

export interface AdvertValues {
  status_id?: 1 | 2;
  description?: string;
  description_update?: string | null;
}

/** Gives a client an advert directly; published (visible, with text) unless told otherwise. */
export async function insertAdvert(app: WithDb, clientId: number, values: AdvertValues = {}) {
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

/**
 * Records an interest directly, one-way and made now unless told otherwise, with both people's
 * search text as the app keeps it (matches/interests/pair-search-text.ts).
 */
export async function insertInterest(
  app: WithDb,
  clientId: number,
  targetId: number,
  values: { status_id?: number; created_at?: string; search_text?: string } = {},
): Promise<number> {
  const { id } = await app.db
    .insertInto('interests')
    .values({
      client_id: clientId,
      target_client_id: targetId,
      status_id: values.status_id ?? 1,
      contacted: 0,
      created_at: values.created_at ?? new Date().toISOString(),
      search_text: values.search_text ?? pairSearchText(clientId, targetId),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertEvent(
  app: WithDb,
  values: {
    name?: string;
    limit_w?: number;
    limit_m?: number;
    day?: string;
    hour?: string;
    status_id?: number;
    city?: string;
    venue?: string;
    age_min?: number | null;
    age_max?: number | null;
    price_w_cents?: number;
    price_m_cents?: number;
  } = {},
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await app.db
    .insertInto('events')
    .values({
      name: values.name ?? 'Evento de prueba',
      search_text: foldForSearch(values.name ?? 'Evento de prueba'),
      day: values.day ?? '2030-01-15',
      hour: values.hour ?? '20:00',
      description: '',
      price_m_cents: values.price_m_cents ?? 10000,
      price_w_cents: values.price_w_cents ?? 10000,
      limit_m: values.limit_m ?? 10,
      limit_w: values.limit_w ?? 10,
      occupation: 0,
      status_id: values.status_id ?? 1,
      image_id: null,
      created_at: now,
      updated_at: now,
      ...(values.city ? { city: values.city } : {}),
      ...(values.venue ? { venue: values.venue } : {}),
      age_min: values.age_min ?? null,
      age_max: values.age_max ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function signUp(app: WithDb, eventId: number, clientId: number): Promise<number> {
  const { id } = await app.db
    .insertInto('assistance')
    .values({
      event_id: eventId,
      client_id: clientId,
      status_id: 1,
      contacted: 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function auditActions(app: WithDb, entity: string, entityId: number): Promise<string[]> {
  const rows = await app.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}
