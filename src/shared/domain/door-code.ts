import { base32crockford } from '@scure/base';

/**
 * The short code of a ticket, typed or read aloud at the door when the QR cannot be scanned:
 * 5 random bytes as 8 characters of Crockford's base32 (no I, L, O or U), shown as "K7QM-4D2X".
 * 40 bits are plenty for a code that only means something within one event, where it is unique.
 */
export const DOOR_CODE_BYTES = 5;
const DOOR_CODE_LENGTH = 8;

/** The code of `bytes` as stored: 8 upper-case characters, no dash. */
export function doorCodeOf(bytes: Uint8Array): string {
  return base32crockford.encode(bytes);
}

/**
 * What the organizer typed, as stored, or null when it is not a short code: any case, with or
 * without the dash or a space, O read as 0 and I or L as 1 (Crockford's decoding rules).
 */
export function normalizeDoorCode(typed: string): string | null {
  const bare = typed.replace(/[\s-]/g, '');
  if (bare.length !== DOOR_CODE_LENGTH) return null;
  try {
    return doorCodeOf(base32crockford.decode(bare));
  } catch {
    return null;
  }
}

/** "K7QM4D2X" as shown on the ticket: two groups of four, easier to read aloud. */
export function formatDoorCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
