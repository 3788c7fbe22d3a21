import type { FastifyInstance } from 'fastify';
import type { InterestEntry, MutualEntry } from '../../shared/contracts/interests';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { publicName } from '../../shared/domain/people';
import { ADVERT_STATUS, CLIENT_STATUS, INTEREST_STATUS } from '../../shared/domain/statuses';
import { isVerified } from '../../shared/domain/verification';
import { contactSeen } from '../matches/conversations/contact-seen';
import { pairConversationsWith } from '../matches/conversations/share-contact';
import { type ExpressedInterest, expressInterest } from '../matches/interests/express-interest';
import { mainPhotoUrls } from '../photos/photo-sources';
import type { DB } from '../platform/db/database';
import { conflict, notFound } from '../platform/errors';
import { ageOnDay } from '../platform/time';
import { isBlocked, notBlockedWith } from '../trust/blocks';
import { verifiedMarkOf, verifiedMarks } from '../verification/verified-marks';
import { visibleAdverts } from './adverts';

export const ADVERT_NOT_AVAILABLE = 'Este anuncio no existe o ya no está visible';
export const OWN_ADVERT = 'No puedes marcar interés en tu propio anuncio';
export const ONLY_VERIFIED_INTEREST =
  'Esta persona sólo recibe interés de personas verificadas: verifica tu foto en «Verificación» para mostrarle interés';

/** The caller's interests in active people: one-way and mutual, newest first. */
export async function listInterests(
  db: DB,
  clientId: number,
): Promise<{ interested: InterestEntry[]; mutual: MutualEntry[] }> {
  const rows = await db
    .selectFrom('interests')
    .innerJoin('clients', 'clients.id', 'interests.target_client_id')
    .leftJoin('adverts', 'adverts.client_id', 'clients.id')
    .select([
      'interests.id',
      'interests.status_id',
      'clients.id as client_id',
      'clients.first_name',
      'clients.last_name',
      'clients.gender',
      'clients.birthday',
      'clients.occupation',
      'clients.phone',
      'clients.instagram',
      'adverts.id as advert_id',
      'adverts.status_id as advert_status',
      'adverts.description',
    ])
    .where('interests.client_id', '=', clientId)
    .where('clients.status_id', '=', CLIENT_STATUS.active)
    .where(notBlockedWith(clientId, 'clients.id'))
    .orderBy('interests.created_at', 'desc')
    .orderBy('interests.id', 'desc')
    .execute();
  const today = dayInMexicoCity();
  const [photoOf, verifiedOf] = await Promise.all([
    mainPhotoUrls(
      db,
      rows.map((row) => row.client_id),
      'member',
    ),
    verifiedMarks(
      db,
      rows.map((row) => row.client_id),
    ),
  ]);
  // Their conversation, and their contact only once both shared it there (docs/design/26-contact.md).
  const conversationWith = await pairConversationsWith(
    db,
    clientId,
    rows.filter((row) => row.status_id === INTEREST_STATUS.mutual).map((row) => row.client_id),
  );
  const interested: InterestEntry[] = [];
  const mutual: MutualEntry[] = [];
  for (const row of rows) {
    // An advert taken down after the interest keeps the person listed, not their text.
    const published = row.advert_status === ADVERT_STATUS.visible && Boolean(row.description);
    const entry: InterestEntry = {
      id: row.id,
      client_id: row.client_id,
      advert_id: published ? row.advert_id : null,
      full_name: publicName(row.first_name, row.last_name),
      gender: row.gender,
      age: ageOnDay(row.birthday, today),
      occupation: row.occupation,
      description: published ? (row.description ?? '') : '',
      photo: photoOf(row.client_id),
      verified: verifiedOf(row.client_id),
    };
    if (row.status_id === INTEREST_STATUS.mutual) {
      const conversation = conversationWith.get(row.client_id);
      mutual.push({
        ...entry,
        full_name: `${row.first_name} ${row.last_name}`,
        ...contactSeen(conversation?.contactShared ?? false, row),
        contact_shared: conversation?.contactShared ?? false,
        shared_by_me: conversation?.sharedByMe ?? false,
        shared_by_other: conversation?.sharedByOther ?? false,
        conversation_id: conversation?.conversationId ?? null,
      });
    } else {
      interested.push(entry);
    }
  }
  return { interested, mutual };
}

/**
 * Marks interest in a published advert (docs/design/04-domain-rules.md); the interest itself is
 * matches' to write. Blocked either way, or gone meanwhile: the advert is "not available", which
 * tells nothing about the block.
 */
export async function addInterest(
  app: FastifyInstance,
  clientId: number,
  advertId: number,
): Promise<ExpressedInterest> {
  const advert = await visibleAdverts(app.db)
    .select(['adverts.id', 'adverts.client_id', 'clients.only_verified_interest'])
    .where('adverts.id', '=', advertId)
    .executeTakeFirst();
  if (!advert) throw notFound(ADVERT_NOT_AVAILABLE);
  if (advert.client_id === clientId) throw conflict(OWN_ADVERT);
  if (await isBlocked(app.db, clientId, advert.client_id)) throw notFound(ADVERT_NOT_AVAILABLE);
  // Her preference (docs/design/27-verified.md): either mark counts as verified.
  if (advert.only_verified_interest === 1 && !isVerified(await verifiedMarkOf(app.db, clientId))) {
    throw conflict(ONLY_VERIFIED_INTEREST);
  }
  const expressed = await expressInterest(app, clientId, advert.client_id);
  if (!expressed) throw notFound(ADVERT_NOT_AVAILABLE);
  return expressed;
}
