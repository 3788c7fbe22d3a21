/** A verification's status_id (docs/design/27-verified.md). */
export const VERIFICATION_STATUS = {
  /** The face engine is reading the selfies. */
  reading: 0,
  /** In the moderators' queue. */
  waiting: 1,
  verified: 2,
  rejected: 3,
} as const;
