import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * helmet's answer to our policy: the same headers on every response, whatever the request.
 * Running helmet's dozen middlewares per request (each validating its header again) was the
 * largest share of a cached list call's time, so they run once here and each answer copies the
 * result (decision 0054).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = headersOf(
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix's scroll lock injects a <style> element; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  }),
);

function headersOf(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * A JSON answer is never a document: it keeps the headers that still mean something for it (OWASP's
 * REST guidance) and a policy that lets it load and frame nothing. HSTS comes with every page and
 * from Caddy; framing and referrer rules need a document to apply to.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': SECURITY_HEADERS['x-content-type-options']!,
  'cross-origin-resource-policy': SECURITY_HEADERS['cross-origin-resource-policy']!,
};

/** The headers an answer to this address carries (set by the request guards' hook). */
export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  return url.startsWith('/api/') ? API_SECURITY_HEADERS : SECURITY_HEADERS;
}
