import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

/** A member who just created her account, as client/add received it. */
export interface NewMember {
  clientId: number;
  /** The invite token the sign-up carried (docs/design/25-organizers.md), unchecked. */
  invite: string | undefined;
  /** The member whose session made the call, if any (someone signing up a second account). */
  callerClientId: number | null;
}

export interface SignUpListener {
  /** Inside the sign-up's transaction: what it stores commits or rolls back with the account. */
  memberSignedUp(trx: Transaction<Database>, member: NewMember): Promise<void>;
}

/**
 * Accounts' hook on a new account, built once per app (api-routes.ts): invitations record who
 * brought her without accounts importing them (MemberStatusHooks' pattern).
 */
export class SignUpHooks {
  private readonly listeners: SignUpListener[] = [];

  subscribe(listener: SignUpListener): void {
    this.listeners.push(listener);
  }

  async signedUp(trx: Transaction<Database>, member: NewMember): Promise<void> {
    for (const listener of this.listeners) await listener.memberSignedUp(trx, member);
  }
}
