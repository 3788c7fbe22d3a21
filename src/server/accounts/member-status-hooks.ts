import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

/** What another domain does when a member stops being active (deactivated by an admin, erased) or is reactivated. */
export interface MemberStatusListener {
  /** Inside the change's transaction; answers what to run once it has committed (tell people live), if anything. */
  statusChanged(trx: Transaction<Database>, clientId: number): Promise<(() => void) | undefined>;
}

/**
 * Accounts' hooks on a member's status, built once per app (api-routes.ts) and handed to whoever
 * changes it (accounts' erasure, the back office's deactivation) and to whoever listens (matches
 * tells the other person of each conversation). The writers never import their listeners, so
 * neither accounts nor the back office depends on matches (decision 0043; BlockHooks' pattern).
 */
export class MemberStatusHooks {
  private readonly listeners: MemberStatusListener[] = [];

  subscribe(listener: MemberStatusListener): void {
    this.listeners.push(listener);
  }

  /** Runs every listener in the change's transaction; answers what to run after the commit. */
  async statusChanged(trx: Transaction<Database>, clientId: number): Promise<(() => void)[]> {
    const afterCommit: (() => void)[] = [];
    for (const listener of this.listeners) {
      const then = await listener.statusChanged(trx, clientId);
      if (then) afterCommit.push(then);
    }
    return afterCommit;
  }
}
