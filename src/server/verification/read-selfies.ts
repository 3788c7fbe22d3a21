import type { FastifyInstance } from 'fastify';
import { GESTURE_LABELS, SELFIE_DAYS } from '../../shared/domain/verification';
import { approvedPhotoImages } from '../photos/photo-sources';
import { nowIso } from '../platform/time';
import type { FaceEngine, FaceReading, Gesture } from './face-engine/face-engine';
import { EXPIRE_SELFIES_JOB, READ_SELFIES_JOB } from './selfie-submission';
import { VERIFICATION_STATUS } from './verification-status';

export const SELFIES_EXPIRED = `Pasaron ${SELFIE_DAYS} días sin revisión: borramos tus selfies; puedes intentarlo de nuevo`;

const ORDINAL = ['primera', 'segunda'];

/**
 * The obvious refusals the engine may make alone (docs/design/27-verified.md): no face, more than
 * one, the gesture not seen. Anything else goes to a moderator: the scores only rank.
 */
export function refusalOf(reading: FaceReading, gestures: [Gesture, Gesture]): string | null {
  for (const [index, selfie] of reading.selfies.entries()) {
    const which = `la ${ORDINAL[index]} foto`;
    if (selfie.faces === 0)
      return `No encontramos una cara en ${which}: busca buena luz y vuelve a intentarlo`;
    if (selfie.faces > 1) return `En ${which} hay más de una cara: tómala sin nadie más en la imagen`;
    if (!selfie.gesture_seen) {
      const asked = GESTURE_LABELS[gestures[index]!].toLowerCase();
      return `En ${which} no se ve el gesto pedido («${asked}»): vuelve a intentarlo`;
    }
  }
  return null;
}

/** Decides a case without a moderator: rejected with the reason, its selfies deleted at once. */
async function closeWithoutModerator(
  app: FastifyInstance,
  verificationId: number,
  reason: string,
  scores: string | null,
) {
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verifications')
      .set({ status_id: VERIFICATION_STATUS.rejected, reason, scores, decided_at: nowIso() })
      .where('id', '=', verificationId)
      .execute();
    await trx.deleteFrom('verification_selfies').where('verification_id', '=', verificationId).execute();
  });
}

/** The queue job: the engine reads the two selfies and her approved photos; it refuses the obvious or queues the case. */
export async function readSelfies(
  app: FastifyInstance,
  engine: FaceEngine,
  verificationId: number,
): Promise<void> {
  const verification = await app.db
    .selectFrom('verifications')
    .select(['id', 'client_id', 'gestures', 'status_id'])
    .where('id', '=', verificationId)
    .executeTakeFirst();
  // Withdrawn or erased meanwhile, or already read by an earlier run.
  if (verification?.status_id !== VERIFICATION_STATUS.reading) return;
  const gestures = JSON.parse(verification.gestures ?? '[]') as [Gesture, Gesture];
  const selfies = await app.db
    .selectFrom('verification_selfies')
    .select(['position', 'bytes'])
    .where('verification_id', '=', verificationId)
    .orderBy('position')
    .execute();
  if (selfies.length !== 2) return;
  const reading = await engine.read({
    selfies: [
      { image: selfies[0]!.bytes, gesture: gestures[0] },
      { image: selfies[1]!.bytes, gesture: gestures[1] },
    ],
    photos: await approvedPhotoImages(app.db, verification.client_id),
  });
  const scores = JSON.stringify(reading);
  const refusal = refusalOf(reading, gestures);
  if (refusal) {
    await closeWithoutModerator(app, verificationId, refusal, scores);
    return;
  }
  await app.db
    .updateTable('verifications')
    .set({ status_id: VERIFICATION_STATUS.waiting, scores })
    .where('id', '=', verificationId)
    .where('status_id', '=', VERIFICATION_STATUS.reading)
    .execute();
}

/** 30 days without a decision: the selfies go, and she may try again. */
export async function expireSelfies(app: FastifyInstance, verificationId: number): Promise<void> {
  const verification = await app.db
    .selectFrom('verifications')
    .select(['status_id', 'scores'])
    .where('id', '=', verificationId)
    .executeTakeFirst();
  if (!verification || verification.status_id > VERIFICATION_STATUS.waiting) return;
  await closeWithoutModerator(app, verificationId, SELFIES_EXPIRED, verification.scores);
}

/** The two jobs of this domain, run by the engine the app holds. */
export function registerVerificationJobs(app: FastifyInstance, engine: FaceEngine): void {
  app.queue.handle<{ verificationId: number }>(READ_SELFIES_JOB, ({ verificationId }) =>
    readSelfies(app, engine, verificationId),
  );
  app.queue.handle<{ verificationId: number }>(EXPIRE_SELFIES_JOB, ({ verificationId }) =>
    expireSelfies(app, verificationId),
  );
}
