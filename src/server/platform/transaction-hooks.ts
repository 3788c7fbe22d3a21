import type { Transaction } from 'kysely';
import type { Database } from './db/schema';

/**
 * What another domain does inside a writer's transaction; it answers what to run once that
 * transaction has committed (tell people live), if anything.
 */
export type TransactionListener<Args extends unknown[]> = (
  trx: Transaction<Database>,
  ...args: Args
) => Promise<(() => void) | undefined>;

/**
 * A domain's hook on one of its changes, built once per app (api-routes.ts) and handed to the
 * writer and to whoever listens: the writer never imports its listeners, so a lower domain tells
 * a higher one without an import running back up (decision 0030's pattern).
 */
export class TransactionHooks<Args extends unknown[]> {
  private readonly listeners: TransactionListener<Args>[] = [];

  subscribe(listener: TransactionListener<Args>): void {
    this.listeners.push(listener);
  }

  /** Runs every listener in the writer's transaction; answers what to run after the commit. */
  async run(trx: Transaction<Database>, ...args: Args): Promise<(() => void)[]> {
    const afterCommit: (() => void)[] = [];
    for (const listener of this.listeners) {
      const then = await listener(trx, ...args);
      if (then) afterCommit.push(then);
    }
    return afterCommit;
  }
}
