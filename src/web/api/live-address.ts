/** The member's live channel (docs/design/20-mensajes.md), on this site's host: wss behind HTTPS. */
export function liveChannelAddress(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/live`;
}
