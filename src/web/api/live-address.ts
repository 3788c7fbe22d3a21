/** The member's live channel (design.md §20), on this site's host: wss behind HTTPS. */
export function liveChannelAddress(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/live`;
}
