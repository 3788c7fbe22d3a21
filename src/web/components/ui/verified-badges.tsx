import { BadgeCheck, Camera } from 'lucide-react';
import {
  inPersonLabel,
  PHOTO_VERIFIED_LABEL,
  type VerifiedMark,
  verifiedMonthLabel,
} from '../../../shared/domain/verification';

/**
 * The two marks of docs/design/27-verified.md as small badges, wherever a member is shown:
 * «Verificada en persona · nov 2026» and «Foto verificada». Nothing when she has neither. Spans,
 * not a list: cards sit in lists, whose items are counted.
 */
export function VerifiedBadges({ verified, gender }: { verified: VerifiedMark; gender: number }) {
  if (verified.in_person === null && !verified.photo) return null;
  return (
    <p className="mt-1 flex flex-wrap gap-1.5">
      {verified.in_person !== null ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 ring-1 ring-emerald-200">
          <BadgeCheck className="size-3.5" aria-hidden />
          {inPersonLabel(gender)} · {verifiedMonthLabel(verified.in_person)}
        </span>
      ) : null}
      {verified.photo ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-900 ring-1 ring-sky-200">
          <Camera className="size-3.5" aria-hidden />
          {PHOTO_VERIFIED_LABEL}
        </span>
      ) : null}
    </p>
  );
}
