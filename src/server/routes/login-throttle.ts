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

export const TOO_MANY_REQUESTS = 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.';

/**
 * preHandler (after requireClient) of the calls that check the client's own password: someone
 * holding a stolen session cannot guess it at argon2's full speed.
 */
export async function ownPasswordThrottle(request: FastifyRequest): Promise<void> {
  const attempts = await countAttempt(request.server.db, `client|own-password|${request.clientId}`);
  if (attempts > request.server.config.loginAttemptsPerMinute) throw new AppError(429, TOO_MANY_REQUESTS);
}

/** preHandler of client/password/forgot: a budget per e-mail and per address, like the log-in. */
export async function forgotPasswordThrottle(request: FastifyRequest): Promise<void> {
  const perEmail = request.server.config.loginAttemptsPerMinute;
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  const [emailAttempts, addressAttempts] = await Promise.all([
    countAttempt(request.server.db, `forgot|email|${email}`),
    countAttempt(request.server.db, `forgot|ip|${request.ip}`),
  ]);
  if (emailAttempts > perEmail || addressAttempts > perEmail * ADDRESS_MULTIPLIER) {
    throw new AppError(429, TOO_MANY_REQUESTS);
  }
}
