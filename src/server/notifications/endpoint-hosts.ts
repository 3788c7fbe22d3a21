/**
 * Whether the server may post to this endpoint (docs/design/21-pocket.md): `https:` on a host of the list,
 * where `*.example.com` admits any name under example.com (not example.com itself). A member
 * choosing the endpoint must not make the server call an address of her choice (an internal
 * service, another site).
 */
export function isAllowedEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((rule) =>
    rule.startsWith('*.') ? host.endsWith(rule.slice(1)) && host.length > rule.length - 1 : host === rule,
  );
}

/** The host of an endpoint, as the export shows a device without its secret path. */
export function endpointHost(endpoint: string): string {
  return new URL(endpoint).hostname;
}
