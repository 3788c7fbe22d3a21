import secureJson from 'secure-json-parse';
import { AppError } from '../errors';

/** The one media type API calls are sent in (request-guards.ts refuses state changes in any other). */
export const JSON_MEDIA_TYPE = 'application/json';

/** Whether a Content-Type header names JSON exactly as the app's body parser takes it (parameters allowed). */
export function namesJson(contentType: string | undefined): boolean {
  const type = contentType?.toLowerCase();
  return type === JSON_MEDIA_TYPE || type?.startsWith(`${JSON_MEDIA_TYPE};`) === true;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A request's JSON payload, read the one way every door reads it (app.ts's body parser, the kept
 * answers of front-answers.ts): strictly UTF-8, since replacement characters would otherwise be
 * stored silently, and without prototype poisoning. Throws a 400 AppError in Spanish.
 */
export function parseJsonBody(bytes: Buffer): unknown {
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    throw new AppError(400, 'La solicitud no está codificada en UTF-8');
  }
  if (text.length === 0) throw new AppError(400, 'La solicitud no trae datos');
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new AppError(400, 'La solicitud no es un JSON válido');
  }
}
