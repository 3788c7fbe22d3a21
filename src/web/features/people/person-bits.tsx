import { Link } from 'react-router';
import type { PersonAdvert } from '../../../shared/contracts/people';
import { useSessionHint } from '../../api/session-hint';

/** A card of either list; "Para ti" adds how well she fits and why. */
export type ListedPerson = PersonAdvert & { percent?: number; reasons?: string[] };

/** "85 % afín": on a "Para ti" card and in its panel; visitors never see one. */
export function PercentBadge({ percent, className = '' }: { percent: number; className?: string }) {
  return (
    <span
      className={`rounded-full bg-accent px-3 py-1 text-sm font-semibold text-white shadow-sm ${className}`}
    >
      {percent} % afín
    </span>
  );
}

/** Visitors see blurred photos (docs/design/10-photos.md); the way to see them clear is an account. */
export function useVisitor(): boolean {
  const clientId = useSessionHint('client');
  const adminId = useSessionHint('admin');
  return clientId === null && adminId === null;
}

export function SignUpInvitation() {
  return (
    <div className="absolute inset-0 flex items-end justify-center p-3">
      <Link
        to="/registrarse"
        className="rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-accent-dark shadow-sm ring-1 ring-black/10 hover:bg-white hover:underline"
      >
        Regístrate para ver sus fotos
      </Link>
    </div>
  );
}
