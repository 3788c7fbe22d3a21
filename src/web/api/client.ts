import type { ApiAnswer, ApiBody, ApiPath } from '../../shared/contracts/api';
import type { EnvelopeStatus } from '../../shared/contracts/common';
import { forgetOfflineTickets, keepTicketsOffline } from '../lib/offline-tickets';

/** A failed call as the screens show it: the server's status as alert style, its message as text. */
export class ApiError extends Error {
  constructor(
    readonly status: EnvelopeStatus,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

export const TRANSPORT_FAILURE =
  'No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.';

/** The body argument of a call: optional where the call's body schema is. */
export type BodyArgument<Path extends ApiPath> =
  // biome-ignore lint/complexity/noBannedTypes: "every field optional" is what `{}` expresses here.
  {} extends NonNullable<ApiBody<Path>> ? [body?: ApiBody<Path>] : [body: ApiBody<Path>];

/** Calls whose answer carries a new session cookie (a log-in, a sign-up, a password change). */
const SESSION_RENEWING_CALLS: ReadonlySet<ApiPath> = new Set([
  'client/login',
  'client/add',
  'client/password/update',
  'admin/login',
  'admin/first-access',
]);
/** Moves when a session-renewing call starts or ends; with `renewing`, tells a stale 401 apart. */
let sessionGeneration = 0;
let renewing = 0;

/**
 * POSTs JSON to /api/<path> and returns the success envelope, typed by the call's answer schema
 * (src/shared/contracts/api.ts), or throws ApiError.
 */
export async function apiPost<Path extends ApiPath>(
  path: Path,
  ...[body]: BodyArgument<Path>
): Promise<ApiAnswer<Path>> {
  const generation = sessionGeneration;
  const renews = SESSION_RENEWING_CALLS.has(path);
  if (renews) {
    renewing += 1;
    sessionGeneration += 1;
  }
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError('danger', TRANSPORT_FAILURE, 0);
  } finally {
    if (renews) {
      renewing -= 1;
      sessionGeneration += 1;
    }
  }
  let payload: { status?: EnvelopeStatus; message?: string } & Record<string, unknown>;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError('danger', TRANSPORT_FAILURE, response.status);
  }
  if (payload.status !== 'success') {
    // A call sent with the cookie a password change was replacing answers 401 for the old
    // session while the new one is already hers: only a 401 of the current session logs out.
    const staleSession = generation !== sessionGeneration || renewing > 0;
    if (response.status === 401 && !staleSession)
      forgetSessionHint(path.startsWith('admin/') ? 'admin' : 'client');
    throw new ApiError(payload.status ?? 'danger', payload.message ?? TRANSPORT_FAILURE, response.status);
  }
  // The server serialised this answer with the call's schema (decision 0025).
  return payload as ApiAnswer<Path>;
}

/**
 * The variant of a several-shaped answer (event/details, admin/matches…) that this call asked
 * for; any other would be the server breaking its contract, shown as a transport failure.
 */
export function answerOf<Answer, Variant extends Answer>(
  answer: Answer,
  isVariant: (answer: Answer) => answer is Variant,
): Variant {
  if (!isVariant(answer)) throw new ApiError('danger', TRANSPORT_FAILURE, 200);
  return answer;
}

export function errorStatus(error: unknown): EnvelopeStatus {
  return error instanceof ApiError ? error.status : 'danger';
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : TRANSPORT_FAILURE;
}

/**
 * The specification keeps the logged-in ids in local storage. Here they are only a hint for
 * what the menus show; the HttpOnly session cookie is what the server trusts.
 */
const SESSION_HINT_KEYS = { client: 'client_id', admin: 'admin_id' } as const;
export type SessionArea = keyof typeof SESSION_HINT_KEYS;

export function sessionHint(area: SessionArea): number | null {
  const value = Number(localStorage.getItem(SESSION_HINT_KEYS[area]));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function rememberSessionHint(area: SessionArea, id: number): void {
  localStorage.setItem(SESSION_HINT_KEYS[area], String(id));
  window.dispatchEvent(new Event('session-hint'));
  // Tickets kept for the door belong to whoever was logged in before: hers replace them.
  if (area === 'client') void forgetOfflineTickets().then(keepTicketsOffline);
}

export function forgetSessionHint(area: SessionArea): void {
  localStorage.removeItem(SESSION_HINT_KEYS[area]);
  window.dispatchEvent(new Event('session-hint'));
  if (area === 'client') void forgetOfflineTickets();
}
