import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors';
import {
  clearAttempts,
  countAttempt,
  emailAddressThrottleKey,
  emailThrottleKey,
  spreadGuessingDelayMs,
} from './login-throttle';

export const TOO_MANY_ATTEMPTS =
  'Demasiados intentos de inicio de sesión. Espera un minuto y vuelve a intentarlo.';

/** Address budgets are larger: several people may share one (an office, a mobile carrier's NAT). */
const ADDRESS_MULTIPLIER = 6;

/** The e-mail a body names (log-ins carry it in `access`), before validation: maybe nothing. */
function bodyEmail(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function loginEmail(request: FastifyRequest): string {
  return bodyEmail((request.body as { access?: { email?: unknown } } | undefined)?.access?.email);
}

/**
 * A budget per e-mail (from any address) and a budget per address (for any e-mail); past
 * either, 429 until the minute is over. For password-reset mails, which flood the owner's inbox
 * from any address alike.
 */
async function spendEmailAndAddressBudgets(
  request: FastifyRequest,
  area: string,
  email: string,
  message: string,
): Promise<void> {
  const perEmail = request.server.config.loginAttemptsPerMinute;
  const [emailAttempts, addressAttempts] = await Promise.all([
    countAttempt(request.server.db, emailThrottleKey(area, email)),
    countAttempt(request.server.db, `${area}|ip|${request.ip}`),
  ]);
  if (emailAttempts > perEmail || addressAttempts > perEmail * ADDRESS_MULTIPLIER) {
    throw new AppError(429, message);
  }
}

/**
 * preHandler of the two log-in calls. A budget per e-mail from one address and one per address for
 * any e-mail; past either, 429 for that address until the minute is over. Attempts on one e-mail
 * from every address only slow the answers down: a budget shared by all addresses would let anyone
 * lock the owner out (docs/design/22-places-and-money.md).
 */
export function loginThrottle(area: 'client' | 'admin') {
  return async (request: FastifyRequest): Promise<void> => {
    const { db, config } = request.server;
    const email = loginEmail(request);
    const perEmail = config.loginAttemptsPerMinute;
    const [fromHere, fromEverywhere, addressAttempts] = await Promise.all([
      countAttempt(db, emailAddressThrottleKey(area, email, request.ip)),
      countAttempt(db, emailThrottleKey(area, email)),
      countAttempt(db, `${area}|ip|${request.ip}`),
    ]);
    if (fromHere > perEmail || addressAttempts > perEmail * ADDRESS_MULTIPLIER) {
      throw new AppError(429, TOO_MANY_ATTEMPTS);
    }
    const delayMs = spreadGuessingDelayMs(fromEverywhere, perEmail);
    if (delayMs > 0) await sleep(delayMs);
  };
}

/** A successful log-in clears the e-mail's budgets, so a few typos do not slow or lock the owner out. */
export async function forgetLoginAttempts(request: FastifyRequest, area: 'client' | 'admin'): Promise<void> {
  const email = loginEmail(request);
  await clearAttempts(request.server.db, emailThrottleKey(area, email));
  await clearAttempts(request.server.db, emailAddressThrottleKey(area, email, request.ip));
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

/** preHandler of client/password/forgot: the same two budgets as the log-in, of its own. */
export async function forgotPasswordThrottle(request: FastifyRequest): Promise<void> {
  const email = bodyEmail((request.body as { email?: unknown } | undefined)?.email);
  await spendEmailAndAddressBudgets(request, 'forgot', email, TOO_MANY_REQUESTS);
}

export const TOO_MANY_SIGN_UPS =
  'Se crearon demasiadas cuentas desde tu conexión. Espera unos minutos y vuelve a intentarlo.';
const SIGN_UP_WINDOW_MS = 10 * 60_000;

/** preHandler of client/add: at most SIGNUPS_PER_ADDRESS sign-ups from one address in ten minutes. */
export async function signUpThrottle(request: FastifyRequest): Promise<void> {
  const attempts = await countAttempt(
    request.server.db,
    `sign-up|ip|${request.ip}`,
    new Date(),
    SIGN_UP_WINDOW_MS,
  );
  if (attempts > request.server.config.signUpsPerAddress) throw new AppError(429, TOO_MANY_SIGN_UPS);
}

/**
 * preHandler (after requireAdmin) of admin/update: an admin changing her own password proves the
 * current one, and that check has the same budget as the client's own-password check.
 */
export async function adminOwnPasswordThrottle(request: FastifyRequest): Promise<void> {
  const change = (request.body as { admin?: { id?: unknown; password?: unknown } } | undefined)?.admin;
  if (change?.id !== request.adminId || !change.password) return;
  const attempts = await countAttempt(request.server.db, `admin|own-password|${request.adminId}`);
  if (attempts > request.server.config.loginAttemptsPerMinute) throw new AppError(429, TOO_MANY_REQUESTS);
}
