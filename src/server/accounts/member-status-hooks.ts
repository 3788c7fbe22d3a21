import { TransactionHooks } from '../platform/transaction-hooks';

/**
 * Accounts' hook on a member's status (deactivated by an admin, erased, reactivated), handed to
 * whoever changes it (accounts' erasure, the back office's deactivation) and to whoever listens
 * (matches tells the other person of each conversation): neither accounts nor the back office
 * depends on matches (decision 0043).
 */
export class MemberStatusHooks extends TransactionHooks<[clientId: number]> {}
