import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { healthResponseSchemas } from '../shared/contracts/health';
import { MemberStatusHooks } from './accounts/member-status-hooks';
import { ProfileHooks } from './accounts/profile-hooks';
import { registerAccountRoutes } from './accounts/routes';
import { SignUpHooks } from './accounts/sign-up-hooks';
import { registerBackOfficeRoutes } from './back-office/routes';
import { registerCompatibilityRoutes } from './compatibility/routes';
import { PlaceHooks } from './events/attendance/place-hooks';
import { registerEventsRoutes } from './events/routes';
import { registerInvitesRoutes } from './invites/routes';
import { registerInvoicesRoutes } from './invoices/routes';
import { registerMatchCardRoutes } from './match-cards/routes';
import { registerMatchesRoutes } from './matches/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { registerOrganizerRoutes } from './organizer/routes';
import { PaymentHooks } from './payments/payment-hooks';
import { registerPaymentsRoutes } from './payments/routes';
import { registerPeopleRoutes } from './people/routes';
import { registerPhotoRoutes } from './photos/routes';
import { ok, zodApp } from './platform/http/envelope';
import { registerStatsRoutes } from './stats/stats-routes';
import { BlockHooks } from './trust/block-hooks';
import { registerTrustRoutes } from './trust/trust-routes';
import { registerVerificationRoutes } from './verification/routes';

/** Every /api route, by domain; each domain's routes.ts registers its own files. */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  zodApp(app).get('/health', { schema: { response: healthResponseSchemas } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return ok('Servicio disponible');
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'danger' as const, message: 'La base de datos no responde' });
    }
  });
  // The API described from the same zod schemas that validate it (docs/design/05-beyond-the-spec.md).
  app.get('/openapi.json', async () => app.swagger());
  // Events tells payments what happens to places through these hooks; payments subscribes.
  const placeHooks = new PlaceHooks();
  // Trust tells matches of a block (the pair's conversation closes) through these hooks.
  const blockHooks = new BlockHooks();
  // Accounts and the back office tell matches of a deactivation or an erasure (her conversations close).
  const statusHooks = new MemberStatusHooks();
  // Accounts tells matches of a profile edit (her interests keep her search text).
  const profileHooks = new ProfileHooks();
  // Accounts tells invites of a new member (who brought her); events tells them of a check-in.
  const signUpHooks = new SignUpHooks();
  // Payments tells invoices of money taken (a paid place gets its receipt, docs/design/28-facturas.md).
  const paymentHooks = new PaymentHooks();
  await app.register(registerStatsRoutes);
  await app.register(registerEventsRoutes, { hooks: placeHooks });
  await app.register(registerPeopleRoutes);
  await app.register(registerAccountRoutes, { statusHooks, signUpHooks, profileHooks });
  await app.register(registerCompatibilityRoutes);
  await app.register(registerBackOfficeRoutes, { statusHooks });
  await app.register(registerMatchesRoutes, { blockHooks, statusHooks, profileHooks });
  await app.register(registerTrustRoutes, { blockHooks });
  await app.register(registerPhotoRoutes);
  await app.register(registerVerificationRoutes);
  await app.register(registerMatchCardRoutes);
  await app.register(registerPaymentsRoutes, { placeHooks, paymentHooks });
  await app.register(registerInvoicesRoutes, { paymentHooks });
  await app.register(registerNotificationRoutes);
  await app.register(registerOrganizerRoutes);
  await app.register(registerInvitesRoutes, { placeHooks, signUpHooks });
}
