import { TransactionHooks } from '../platform/transaction-hooks';

/**
 * Trust's hook on a block, inside the block's transaction: matches ends the pair's interests and
 * closes their conversation, so matches may use trust (blocks, reports) without an import cycle.
 */
export class BlockHooks extends TransactionHooks<[blockerId: number, blockedId: number]> {}
