import type { FastifyInstance } from 'fastify';
import { memberCodeRequest } from './attendance/code-request';
import { registerHoldEndJob } from './attendance/hold-end';
import { registerPaymentDuePushJob } from './attendance/payment-due-push';
import type { PlaceHooks } from './attendance/place-hooks';
import { registerRatingAskJob } from './attendance/rating-ask';
import { registerReminderJob } from './attendance/reminders';
import { registerAttendanceRoutes } from './attendance/routes';
import { registerCodeRoutes } from './codes/routes';
import { registerEventRoutes } from './event-routes';

/**
 * Events: public lists and details, the back office's changes, and members' sign-ups. `hooks`
 * carries what happens to places to the domains that listen (app.ts wires them).
 */
export async function registerEventsRoutes(
  app: FastifyInstance,
  { hooks }: { hooks: PlaceHooks },
): Promise<void> {
  registerReminderJob(app);
  registerRatingAskJob(app);
  registerHoldEndJob(app, hooks);
  registerPaymentDuePushJob(app);
  await app.register(registerEventRoutes, { hooks });
  await app.register(registerAttendanceRoutes, { hooks });
  await app.register(registerCodeRoutes, {
    subscribe: (listener) => hooks.subscribe(listener),
    codeRequest: memberCodeRequest,
  });
}
