/**
 * The words of «Verificada en persona» and «Foto verificada» (docs/design/27-verified.md), shared
 * by the server's answers and the web's badges.
 */

/** What a member is asked to do for each gesture the server draws (keys of the face engine's gestures). */
export const GESTURE_LABELS = {
  turn_left: 'Gira la cabeza hacia tu izquierda',
  turn_right: 'Gira la cabeza hacia tu derecha',
  look_up: 'Mira hacia arriba',
  mouth_open: 'Abre la boca',
  eye_closed: 'Cierra un ojo',
  hand_raised: 'Levanta una mano junto a tu cara',
} as const;
export type GestureName = keyof typeof GESTURE_LABELS;
export const GESTURE_NAMES = Object.keys(GESTURE_LABELS) as [GestureName, ...GestureName[]];

/** A member's two marks as every member entry carries them. */
export interface VerifiedMark {
  /** The month of the latest «Coincide» at a door, 'YYYY-MM', or null. */
  in_person: string | null;
  /** True while her main photo is one a moderator marked as hers. */
  photo: boolean;
}

export const NOT_VERIFIED: VerifiedMark = { in_person: null, photo: false };

/** Either mark counts as verified (the filter and the interest preference). */
export function isVerified(mark: VerifiedMark | undefined): boolean {
  return Boolean(mark && (mark.in_person !== null || mark.photo));
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** 'YYYY-MM' as the badge shows it: «nov 2026». */
export function verifiedMonthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1] ?? ''} ${year ?? ''}`.trim();
}

/** «Verificada en persona» in her gender's form (1 mujer, 2 hombre; otherwise the neutral noun). */
export function inPersonLabel(gender: number): string {
  if (gender === 1) return 'Verificada en persona';
  if (gender === 2) return 'Verificado en persona';
  return 'Verificación en persona';
}

export const PHOTO_VERIFIED_LABEL = 'Foto verificada';

/** How long a challenge is valid, how many a member may start a day, how long selfies wait. */
export const CHALLENGE_MINUTES = 10;
export const CHALLENGES_PER_DAY = 5;
export const SELFIE_DAYS = 30;
