import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

/** What another domain does when one member blocks another, inside the block's transaction. */
export interface BlockListener {
  /** Answers what to run once the block has committed (tell people live), if anything. */
  blocked(
    trx: Transaction<Database>,
    blockerId: number,
    blockedId: number,
  ): Promise<(() => void) | undefined>;
}

/**
 * Trust's hooks, built once per app (api-routes.ts) and handed to trust and to whoever listens:
 * trust never imports its listeners (matches closes the pair's conversation), so matches may use
 * trust (blocks, reports) without an import cycle. Decision 0030's pattern.
 */
export class BlockHooks {
  private readonly listeners: BlockListener[] = [];

  subscribe(listener: BlockListener): void {
    this.listeners.push(listener);
  }

  /** Runs every listener in the block's transaction; answers what to run after the commit. */
  async blocked(trx: Transaction<Database>, blockerId: number, blockedId: number): Promise<(() => void)[]> {
    const afterCommit: (() => void)[] = [];
    for (const listener of this.listeners) {
      const then = await listener.blocked(trx, blockerId, blockedId);
      if (then) afterCommit.push(then);
    }
    return afterCommit;
  }
}
