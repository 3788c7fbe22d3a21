import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { PhotoVerification } from '../../shared/contracts/verification';
import { SELFIE_DAYS } from '../../shared/domain/verification';
import { badRequest, conflict, notFound, payloadTooLarge } from '../platform/errors';
import { enqueue } from '../platform/queue/queue';
import { nowIso } from '../platform/time';
import type { Gesture } from './face-engine/face-engine';
import { photoVerificationOf } from './member-verification';
import { ALREADY_WAITING } from './selfie-challenge';
import { VERIFICATION_STATUS } from './verification-status';

export const READ_SELFIES_JOB = 'verification.read';
export const EXPIRE_SELFIES_JOB = 'verification.expire';

export const NOT_A_SELFIE = 'Cada foto debe ser una imagen JPEG, PNG o WebP de la cámara';
export const CHALLENGE_UNKNOWN = 'Este reto de verificación no existe: empieza de nuevo';
export const CHALLENGE_USED = 'Este reto ya se usó: empieza de nuevo para recibir gestos nuevos';
export const CHALLENGE_EXPIRED = 'Pasaron más de 10 minutos: empieza de nuevo para recibir gestos nuevos';
export const REUSED_SELFIE = 'Esta foto ya se usó en otra verificación: tómate selfies nuevas';

const MAX_SELFIE_BYTES = 4 * 1024 * 1024;
const MAX_SELFIE_PIXELS = 20_000_000;
/** Selfies are kept at this width: enough for a moderator and for the engine. */
const SELFIE_WIDTH = 1080;

interface PreparedSelfie {
  digest: string;
  jpeg: Buffer;
}

/**
 * A selfie from the camera, checked and re-encoded without metadata. The digest is of the bytes
 * sent (decision 0066): no biometric data, only what tells the same file sent again.
 */
export async function prepareSelfie(dataUrl: string): Promise<PreparedSelfie> {
  const match = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw badRequest(NOT_A_SELFIE);
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > MAX_SELFIE_BYTES) throw payloadTooLarge('Cada foto puede pesar a lo más 4 MB');
  try {
    const header = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!header.format || !['jpeg', 'png', 'webp'].includes(header.format)) throw new Error('format');
    if (!header.width || !header.height || header.width * header.height > MAX_SELFIE_PIXELS) {
      throw new Error('size');
    }
    const jpeg = await sharp(bytes, { limitInputPixels: MAX_SELFIE_PIXELS })
      .autoOrient()
      .resize({ width: SELFIE_WIDTH, height: SELFIE_WIDTH, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    return { digest: createHash('sha256').update(bytes).digest('hex'), jpeg };
  } catch {
    throw badRequest(NOT_A_SELFIE);
  }
}

/**
 * client/verification/add (docs/design/27-verified.md): the two selfies of a live challenge. The
 * challenge is used up first, so a refused attempt cannot be replayed; a selfie whose bytes were
 * ever sent before (by anyone) is refused at once. Accepted, they wait for the face engine in a
 * queue job, and the selfies are deleted after 30 days if nobody decided.
 */
export async function submitSelfies(
  app: FastifyInstance,
  clientId: number,
  challengeId: number,
  images: [string, string],
): Promise<PhotoVerification> {
  const selfies = await Promise.all(images.map(prepareSelfie));
  const claimed = await app.db.transaction().execute(async (trx) => {
    const challenge = await trx
      .selectFrom('verification_challenges')
      .select(['id', 'gestures', 'expires_at', 'used_at'])
      .where('id', '=', challengeId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!challenge) throw notFound(CHALLENGE_UNKNOWN);
    if (challenge.used_at) throw conflict(CHALLENGE_USED);
    const now = nowIso();
    if (challenge.expires_at <= now) throw conflict(CHALLENGE_EXPIRED);
    const result = await trx
      .updateTable('verification_challenges')
      .set({ used_at: now })
      .where('id', '=', challengeId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw conflict(CHALLENGE_USED);
    return { gestures: JSON.parse(challenge.gestures) as [Gesture, Gesture] };
  });
  const digests = selfies.map((selfie) => selfie.digest);
  const verificationId = await app.db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('verifications')
      .select('id')
      .where('client_id', '=', clientId)
      .where('source', '=', 'selfie')
      .where('status_id', '<=', VERIFICATION_STATUS.waiting)
      .executeTakeFirst();
    if (open) throw conflict(ALREADY_WAITING);
    const seen = await trx
      .selectFrom('selfie_digests')
      .select('digest')
      .where('digest', 'in', digests)
      .executeTakeFirst();
    if (seen || digests[0] === digests[1]) return null;
    const now = nowIso();
    await trx
      .insertInto('selfie_digests')
      .values(digests.map((digest) => ({ digest, created_at: now })))
      .execute();
    const { id } = await trx
      .insertInto('verifications')
      .values({
        client_id: clientId,
        source: 'selfie',
        event_id: null,
        gestures: JSON.stringify(claimed.gestures),
        status_id: VERIFICATION_STATUS.reading,
        scores: null,
        reason: null,
        created_at: now,
        decided_at: null,
        decided_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('verification_selfies')
      .values(
        selfies.map((selfie, index) => ({
          verification_id: id,
          position: index + 1,
          content_type: 'image/jpeg',
          bytes: selfie.jpeg,
        })),
      )
      .execute();
    await enqueue(trx, {
      kind: READ_SELFIES_JOB,
      key: `${READ_SELFIES_JOB}:${id}`,
      payload: { verificationId: id },
    });
    await enqueue(trx, {
      kind: EXPIRE_SELFIES_JOB,
      key: `${EXPIRE_SELFIES_JOB}:${id}`,
      payload: { verificationId: id },
      runAt: new Date(Date.now() + SELFIE_DAYS * 24 * 3_600_000),
    });
    return id;
  });
  if (verificationId === null) throw conflict(REUSED_SELFIE);
  app.queue.wake();
  return photoVerificationOf(app.db, clientId);
}
