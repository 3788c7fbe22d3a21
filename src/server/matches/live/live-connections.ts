import type { WebSocket } from 'ws';

/**
 * The live connections this instance holds, by member (a member may have several tabs and
 * devices) and by remote address, for the caps on both (decision 0037). Per instance: another
 * instance knows its own; the live bus reaches all of them.
 */
export class LiveConnections {
  private readonly byMember = new Map<number, Set<WebSocket>>();
  private readonly addressOf = new Map<WebSocket, string>();
  private readonly byAddress = new Map<string, number>();

  add(clientId: number, address: string, socket: WebSocket): void {
    let sockets = this.byMember.get(clientId);
    if (!sockets) {
      sockets = new Set();
      this.byMember.set(clientId, sockets);
    }
    sockets.add(socket);
    this.addressOf.set(socket, address);
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
  }

  /** Forgets the socket; a second call for the same socket changes nothing. */
  remove(clientId: number, socket: WebSocket): void {
    const sockets = this.byMember.get(clientId);
    if (!sockets?.delete(socket)) return;
    if (sockets.size === 0) this.byMember.delete(clientId);
    const address = this.addressOf.get(socket);
    this.addressOf.delete(socket);
    if (address === undefined) return;
    const left = (this.byAddress.get(address) ?? 1) - 1;
    if (left > 0) this.byAddress.set(address, left);
    else this.byAddress.delete(address);
  }

  /** She has a tab open on this instance (live-presence.ts knows about every instance). */
  hasLiveConnection(clientId: number): boolean {
    return this.byMember.has(clientId);
  }

  /** How many connections she has open here. */
  count(clientId: number): number {
    return this.byMember.get(clientId)?.size ?? 0;
  }

  /** How many connections come from this address here, whoever's they are. */
  countFrom(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  /** Her connection opened first among those still held (a Set keeps the order of insertion). */
  oldestOf(clientId: number): WebSocket | undefined {
    return this.byMember.get(clientId)?.values().next().value;
  }

  socketsOf(clientId: number): ReadonlySet<WebSocket> {
    return this.byMember.get(clientId) ?? new Set();
  }

  /** Every member with a connection here. */
  members(): number[] {
    return [...this.byMember.keys()];
  }
}
