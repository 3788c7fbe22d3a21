import type { WebSocket } from 'ws';

/**
 * The live connections this instance holds, by member (a member may have several tabs and
 * devices). Per instance: another instance knows its own; the live bus reaches all of them.
 */
export class LiveConnections {
  private readonly byMember = new Map<number, Set<WebSocket>>();

  add(clientId: number, socket: WebSocket): void {
    let sockets = this.byMember.get(clientId);
    if (!sockets) {
      sockets = new Set();
      this.byMember.set(clientId, sockets);
    }
    sockets.add(socket);
  }

  remove(clientId: number, socket: WebSocket): void {
    const sockets = this.byMember.get(clientId);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) this.byMember.delete(clientId);
  }

  /** She has a tab open on this instance (live-presence.ts knows about every instance). */
  hasLiveConnection(clientId: number): boolean {
    return this.byMember.has(clientId);
  }

  /** How many connections she has open here. */
  count(clientId: number): number {
    return this.byMember.get(clientId)?.size ?? 0;
  }

  socketsOf(clientId: number): ReadonlySet<WebSocket> {
    return this.byMember.get(clientId) ?? new Set();
  }

  /** Every member with a connection here. */
  members(): number[] {
    return [...this.byMember.keys()];
  }
}
