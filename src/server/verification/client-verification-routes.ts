import type { FastifyInstance } from 'fastify';
import {
  verificationAddAnswer,
  verificationAddBody,
  verificationDeleteAnswer,
  verificationDeleteBody,
  verificationGetAnswer,
  verificationGetBody,
  verificationStartAnswer,
  verificationStartBody,
} from '../../shared/contracts/verification';
import { requireClient } from '../platform/auth/guards';
import { IMAGE_BODY_LIMIT } from '../platform/http/body-limits';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { memberVerification, photoVerificationOf, withdrawPhotoVerification } from './member-verification';
import { startChallenge } from './selfie-challenge';
import { submitSelfies } from './selfie-submission';

/** Her own marks and «Foto verificada» by selfie (docs/design/27-verified.md). */
export async function registerClientVerificationRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireClient);

  api.post(
    '/client/verification/get',
    callOptions(verificationGetBody, verificationGetAnswer),
    async (request) => ok('Tu verificación', await memberVerification(app.db, request.clientId)),
  );

  api.post(
    '/client/verification/start',
    callOptions(verificationStartBody, verificationStartAnswer),
    async (request) =>
      ok('Haz los dos gestos, uno en cada foto', await startChallenge(app.db, request.clientId)),
  );

  api.post(
    '/client/verification/add',
    callOptions(verificationAddBody, verificationAddAnswer, { bodyLimit: IMAGE_BODY_LIMIT }),
    async (request) => {
      const { challenge_id: challengeId, images } = request.body;
      const photo = await submitSelfies(app, request.clientId, challengeId, images);
      return ok('Recibimos tus selfies: las estamos revisando', { photo });
    },
  );

  api.post(
    '/client/verification/delete',
    callOptions(verificationDeleteBody, verificationDeleteAnswer),
    async (request) => {
      await app.db.transaction().execute((trx) => withdrawPhotoVerification(trx, request.clientId));
      return ok('Retiraste tu consentimiento: borramos tus selfies y tu foto ya no aparece como verificada', {
        photo: await photoVerificationOf(app.db, request.clientId),
      });
    },
  );
}
