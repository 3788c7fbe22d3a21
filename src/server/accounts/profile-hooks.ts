import { TransactionHooks } from '../platform/transaction-hooks';

/**
 * Accounts' hook on a member's own profile edit, inside its transaction: matches writes her new
 * search text into her interests (their back-office search), so accounts never writes them.
 */
export class ProfileHooks extends TransactionHooks<[clientId: number]> {}
