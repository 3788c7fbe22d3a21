import type { FastifyInstance } from 'fastify';
import { registerHoldEndJob } from './attendance/hold-end';
import { registerReminderJob } from './attendance/reminders';
import { registerAttendanceRoutes } from './attendance/routes';
import { registerEventRoutes } from './event-routes';

/** Events: public lists and details, the back office's changes, and members' sign-ups. */
export async function registerEventsRoutes(app: FastifyInstance): Promise<void> {
  registerReminderJob(app);
  registerHoldEndJob(app);
  await app.register(registerEventRoutes);
  await app.register(registerAttendanceRoutes);
}
