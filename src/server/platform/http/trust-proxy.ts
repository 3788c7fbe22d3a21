import proxyAddr from '@fastify/proxy-addr';

/** Which hops' X-Forwarded-For may be believed: false, or a function proxy-addr calls per hop. */
export type TrustProxy = false | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY (true, false, or a comma list of addresses and ranges) read once into the function
 * Fastify's `request.ip` and the kept answers' log line both resolve a client's address with.
 */
export function trustProxyFrom(setting: boolean | string): TrustProxy {
  if (setting === false) return false;
  if (setting === true) return () => true;
  return proxyAddr.compile(setting.split(',').map((item) => item.trim()));
}

/** The client's address as Fastify's `request.ip` resolves it under the same setting. */
export function clientAddress(
  request: Parameters<typeof proxyAddr>[0],
  trust: TrustProxy,
): string | undefined {
  return trust === false ? request.socket.remoteAddress : proxyAddr(request, trust);
}
