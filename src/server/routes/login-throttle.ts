import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { clearAttempts, countAttempt } from '../services/login-throttle';

export const TOO_MANY_ATTEMPTS =
  'Demasiados intentos de inicio de sesión. Espera un minuto y vuelve a intentarlo.';

/** Address budgets are larger: several people may share one (an office, a mobile carrier's NAT). */
const ADDRESS_MULTIPLIER = 6;

function emailKey(area: string, request: FastifyRequest): string {
  const access = (request.body as { access?: { email?: unknown } } | undefined)?.access;
  const email = typeof access?.email === 'string' ? access.email.trim().toLowerCase() : '';
  return `${area}|email|${email}`;
}

/**
 * preHandler of the two log-in calls: a budget per e-mail (from any address) and a budget per
 * address (for any e-mail); past either, 429 until the minute is over.
 */
export function loginThrottle(area: 'client' | 'admin') {
  return async (request: FastifyRequest): Promise<void> => {
    const perEmail = request.server.config.loginAttemptsPerMinute;
    const [emailAttempts, addressAttempts] = await Promise.all([
      countAttempt(request.server.db, emailKey(area, request)),
      countAttempt(request.server.db, `${area}|ip|${request.ip}`),
    ]);
    if (emailAttempts > perEmail || addressAttempts > perEmail * ADDRESS_MULTIPLIER) {
      throw new AppError(429, TOO_MANY_ATTEMPTS);
    }
  };
}

export async function forgetLoginAttempts(request: FastifyRequest, area: 'client' | 'admin'): Promise<void> {
  await clearAttempts(request.server.db, emailKey(area, request));
}
