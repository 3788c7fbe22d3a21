import type { FastifyInstance } from 'fastify';
import { registerClientAccountRoutes } from './account-routes';
import { registerClientAuthRoutes } from './client-auth-routes';
import type { MemberStatusHooks } from './member-status-hooks';
import { registerPasswordResetRoutes } from './password-reset-routes';
import type { ProfileHooks } from './profile-hooks';
import { registerClientProfileRoutes } from './profile-routes';
import type { SignUpHooks } from './sign-up-hooks';

/** A member's account: sign-up and log-in, profile, password and its recovery, deactivation. */
export async function registerAccountRoutes(
  app: FastifyInstance,
  options: { statusHooks: MemberStatusHooks; signUpHooks: SignUpHooks; profileHooks: ProfileHooks },
): Promise<void> {
  await app.register(registerClientAuthRoutes, { signUpHooks: options.signUpHooks });
  await app.register(registerClientProfileRoutes);
  await app.register(registerPasswordResetRoutes);
  await app.register(registerClientAccountRoutes, {
    statusHooks: options.statusHooks,
    profileHooks: options.profileHooks,
  });
}
