import type { FastifyInstance } from 'fastify';
import {
  adminVerificationsGetAnswer,
  adminVerificationsGetBody,
  adminVerificationUpdateAnswer,
  adminVerificationUpdateBody,
  faceMatchAnswer,
  faceMatchBody,
} from '../../shared/contracts/verification';
import { requireAdmin } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { recordDoorFaceMatch } from './door-face-match';
import { decideVerification, listWaitingVerifications } from './moderation';

/** The door's comparison and the moderators' queue (docs/design/27-verified.md). */
export async function registerAdminVerificationRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireAdmin);

  api.post('/admin/event/face-match', callOptions(faceMatchBody, faceMatchAnswer), async (request) => {
    const { event_id: eventId, client_id: clientId, match } = request.body;
    const verified = await recordDoorFaceMatch(app.db, request.adminId, eventId, clientId, match);
    return ok(match ? 'Anotado: coincide con su foto' : 'Anotado: un moderador revisará sus fotos', {
      verified,
    });
  });

  api.post(
    '/admin/verifications/get',
    callOptions(adminVerificationsGetBody, adminVerificationsGetAnswer),
    async () => ok('Verificaciones por revisar', { verifications: await listWaitingVerifications(app.db) }),
  );

  api.post(
    '/admin/verification/update',
    callOptions(adminVerificationUpdateBody, adminVerificationUpdateAnswer),
    async (request) => {
      const verification = await decideVerification(app.db, request.adminId, request.body.verification);
      return ok(verification.status_id === 2 ? 'Verificación aprobada' : 'Verificación rechazada', {
        verification,
      });
    },
  );
}
