/**
 * The close codes of the live channel (GET /api/live, docs/design/20-mensajes.md) that the app acts on, from
 * the range WebSocket leaves to applications (4000–4999). Kept apart from the frames' schema so
 * the boot script reads them without loading zod.
 */
export const LIVE_CLOSE = {
  /** The session the socket opened with ended (logout, password change): knocking again is pointless. */
  sessionEnded: 4401,
  /** She opened more connections than the cap: this one, her oldest, gave way to the newest. */
  replaced: 4409,
  /** Too many connections from her address on this instance: this new one was refused. */
  addressFull: 4429,
} as const;
