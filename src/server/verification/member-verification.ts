import type { Transaction } from 'kysely';
import type { PhotoVerification, VerificationGetAnswer } from '../../shared/contracts/verification';
import type { DB } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import { VERIFICATION_STATUS } from './verification-status';
import { mexicoMonth } from './verified-marks';

type Executor = DB | Transaction<Database>;

/** Her latest «Coincide» at a door: the month and the night. */
async function inPersonOf(db: Executor, clientId: number): Promise<VerificationGetAnswer['in_person']> {
  const latest = await db
    .selectFrom('door_face_matches')
    .innerJoin('events', 'events.id', 'door_face_matches.event_id')
    .select(['door_face_matches.created_at', 'events.name'])
    .where('door_face_matches.client_id', '=', clientId)
    .where('door_face_matches.matched', '=', 1)
    .orderBy('door_face_matches.created_at', 'desc')
    .executeTakeFirst();
  return latest ? { month: mexicoMonth(latest.created_at), event: latest.name } : null;
}

/**
 * Where her «Foto verificada» stands. A selfie pair being read or waiting is 'pending'; otherwise
 * the photos marked at an approval make it 'verified' (a later refused attempt does not take
 * them away); otherwise her latest refusal, with its reason. Door reports are never shown to her.
 */
export async function photoVerificationOf(db: Executor, clientId: number): Promise<PhotoVerification> {
  const latest = await db
    .selectFrom('verifications')
    .select(['id', 'status_id', 'reason', 'created_at', 'decided_at'])
    .where('client_id', '=', clientId)
    .where('source', '=', 'selfie')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (latest && latest.status_id <= VERIFICATION_STATUS.waiting) {
    return {
      status: 'pending',
      at: latest.created_at,
      reason: null,
      photo_ids: [],
      checking: latest.status_id === VERIFICATION_STATUS.reading,
    };
  }
  const marked = await db
    .selectFrom('verified_photos')
    .innerJoin('verifications', 'verifications.id', 'verified_photos.verification_id')
    .select(['verified_photos.photo_id', 'verifications.decided_at'])
    .where('verified_photos.client_id', '=', clientId)
    .orderBy('verifications.decided_at', 'desc')
    .orderBy('verified_photos.photo_id')
    .execute();
  if (marked.length > 0) {
    return {
      status: 'verified',
      at: marked[0]!.decided_at,
      reason: null,
      photo_ids: [...new Set(marked.map((row) => row.photo_id))],
      checking: false,
    };
  }
  if (latest?.status_id === VERIFICATION_STATUS.rejected) {
    return {
      status: 'rejected',
      at: latest.decided_at,
      reason: latest.reason,
      photo_ids: [],
      checking: false,
    };
  }
  return { status: 'none', at: null, reason: null, photo_ids: [], checking: false };
}

/** client/verification/get. */
export async function memberVerification(
  db: DB,
  clientId: number,
): Promise<Omit<VerificationGetAnswer, 'status' | 'message'>> {
  const [inPerson, photo] = await Promise.all([inPersonOf(db, clientId), photoVerificationOf(db, clientId)]);
  return { in_person: inPerson, photo };
}

/**
 * Withdrawal of her consent (client/verification/delete): every selfie verification of hers goes
 * at once, with its selfies, its scores and the photos it marked (so the «Foto verificada» badge).
 * «Verificada en persona» is no biometric processing and stays; so do the door's reports, which
 * are the club's.
 */
export async function withdrawPhotoVerification(trx: Transaction<Database>, clientId: number): Promise<void> {
  await trx.deleteFrom('verified_photos').where('client_id', '=', clientId).execute();
  const selfieCases = trx
    .selectFrom('verifications')
    .select('id')
    .where('client_id', '=', clientId)
    .where('source', '=', 'selfie');
  await trx.deleteFrom('verification_selfies').where('verification_id', 'in', selfieCases).execute();
  await trx
    .deleteFrom('verifications')
    .where('client_id', '=', clientId)
    .where('source', '=', 'selfie')
    .execute();
}
