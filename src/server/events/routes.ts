import type { FastifyInstance } from 'fastify';
import { registerEventRoutes } from './event-routes';
import { registerReminderJob } from './reminders';
import { registerClientEventRoutes } from './sign-up-routes';

/** Events: public lists and details, the back office's changes, and members' sign-ups. */
export async function registerEventsRoutes(app: FastifyInstance): Promise<void> {
  registerReminderJob(app);
  await app.register(registerEventRoutes);
  await app.register(registerClientEventRoutes);
}
