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
 * not a list: cards sit in lists, whose items are counted. `compact` shows only the icons, each
 * named for a screen reader and on hover, for a line that already holds a name at 360 px (a
 * conversation's row and header, a table cell).
 */
export function VerifiedBadges({
  verified,
  gender,
  compact = false,
}: {
  verified: VerifiedMark;
  gender: number;
  compact?: boolean;
}) {
  if (verified.in_person === null && !verified.photo) return null;
  const inPerson =
    verified.in_person === null
      ? null
      : `${inPersonLabel(gender)} · ${verifiedMonthLabel(verified.in_person)}`;
  if (compact) {
    return (
      <span className="inline-flex shrink-0 items-center gap-1 align-middle">
        {inPerson !== null ? (
          <span role="img" aria-label={inPerson} title={inPerson} className="inline-flex text-emerald-700">
            <BadgeCheck className="size-4" aria-hidden />
          </span>
        ) : null}
        {verified.photo ? (
          <span
            role="img"
            aria-label={PHOTO_VERIFIED_LABEL}
            title={PHOTO_VERIFIED_LABEL}
            className="inline-flex text-sky-700"
          >
            <Camera className="size-4" aria-hidden />
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <p className="mt-1 flex flex-wrap gap-1.5">
      {inPerson !== null ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 ring-1 ring-emerald-200">
          <BadgeCheck className="size-3.5" aria-hidden />
          {inPerson}
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
