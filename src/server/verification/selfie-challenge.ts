import { randomInt } from 'node:crypto';
import { PostgresAdapter } from 'kysely';
import type { VerificationStartAnswer } from '../../shared/contracts/verification';
import { CHALLENGE_MINUTES, CHALLENGES_PER_DAY } from '../../shared/domain/verification';
import { approvedPhotos } from '../photos/photo-sources';
import type { DB } from '../platform/db/database';
import { conflict, tooManyRequests } from '../platform/errors';
import { nowIso } from '../platform/time';
import { GESTURES, type Gesture } from './face-engine/face-engine';
import { VERIFICATION_STATUS } from './verification-status';

export const NO_APPROVED_PHOTO = 'Necesitas al menos una foto aprobada para verificarla';
export const ALREADY_WAITING = 'Ya enviaste tus selfies: espera la revisión antes de intentarlo otra vez';
export const TOO_MANY_CHALLENGES = `Puedes intentar la verificación ${CHALLENGES_PER_DAY} veces al día: vuelve mañana`;

/** Two different gestures, drawn by the server (the client never picks them). */
export function drawGestures(): [Gesture, Gesture] {
  const first = GESTURES[randomInt(GESTURES.length)]!;
  const others = GESTURES.filter((gesture) => gesture !== first);
  return [first, others[randomInt(others.length)]!];
}

/**
 * client/verification/start (docs/design/27-verified.md): after her express consent, a challenge
 * of two random gestures valid 10 minutes and once; at most 5 a day. She needs an approved photo
 * to compare with, and none of her selfies may still be waiting.
 */
export async function startChallenge(
  db: DB,
  clientId: number,
): Promise<Omit<VerificationStartAnswer, 'status' | 'message'>> {
  const gallery = (await approvedPhotos(db, [clientId], 'member')).get(clientId);
  if (!gallery) throw conflict(NO_APPROVED_PHOTO);
  return db.transaction().execute(async (trx) => {
    // Her starts queue on her client row, so that two at once cannot both count 4 and each
    // issue a fifth. SQLite's BEGIN IMMEDIATE already runs them one at a time.
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await trx.selectFrom('clients').select('id').where('id', '=', clientId).forNoKeyUpdate().execute();
    }
    const open = await trx
      .selectFrom('verifications')
      .select('id')
      .where('client_id', '=', clientId)
      .where('source', '=', 'selfie')
      .where('status_id', '<=', VERIFICATION_STATUS.waiting)
      .executeTakeFirst();
    if (open) throw conflict(ALREADY_WAITING);
    const now = new Date();
    const dayAgo = new Date(now.getTime() - 24 * 3_600_000).toISOString();
    const { count } = await trx
      .selectFrom('verification_challenges')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('client_id', '=', clientId)
      .where('created_at', '>', dayAgo)
      .executeTakeFirstOrThrow();
    if (Number(count) >= CHALLENGES_PER_DAY) throw tooManyRequests(TOO_MANY_CHALLENGES);
    const gestures = drawGestures();
    const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString();
    const { id } = await trx
      .insertInto('verification_challenges')
      .values({
        client_id: clientId,
        gestures: JSON.stringify(gestures),
        created_at: nowIso(),
        expires_at: expiresAt,
        used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { challenge_id: id, gestures, expires_at: expiresAt };
  });
}
