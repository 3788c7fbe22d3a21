import { Check, Heart } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { PersonAdvert } from '../../../shared/contracts/people';
import { genderLabel } from '../../../shared/domain/genders';
import { ApiError } from '../../api/client';
import { useMyInterests } from '../../api/interests';
import { useSessionHint } from '../../api/session-hint';
import { PhotoGallery } from '../../components/photo-gallery';
import { SafetyActions } from '../../components/safety-actions';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SidePanel } from '../../components/ui/modal';
import { VerifiedBadges } from '../../components/ui/verified-badges';
import { useLoginLink } from '../auth/login-return';
import { earnPushOffer } from '../notifications/offer-flag';
import { useAddInterest } from './api';
import { type ListedPerson, PercentBadge, SignUpInvitation, useVisitor } from './person-bits';

/**
 * The full profile in a side panel. It loads on the first "Ver perfil": the dialog, the gallery
 * and the safety forms are no part of what /personas needs to show its list.
 */
export function PersonPanel({ person, onClose }: { person: ListedPerson | null; onClose: () => void }) {
  return (
    <SidePanel
      open={person !== null}
      onOpenChange={(open) => !open && onClose()}
      title={person?.client ?? ''}
    >
      {person ? <PersonProfile advert={person} onBlocked={onClose} /> : null}
    </SidePanel>
  );
}

/** The side panel's full profile and the interest button (hidden on one's own advert, spec §5). */
function PersonProfile({ advert, onBlocked }: { advert: ListedPerson; onBlocked: () => void }) {
  const clientId = useSessionHint('client');
  const visitor = useVisitor();
  return (
    <div className="flex flex-1 flex-col gap-6">
      <PhotoGallery
        photos={advert.photos}
        name={advert.client}
        sizes="(min-width: 448px) 400px, calc(100vw - 3rem)"
        overlay={visitor && advert.photos.length > 0 ? <SignUpInvitation /> : null}
      />
      <div>
        <dl className="grid gap-1 text-sm">
          {advert.age === null ? null : (
            <div className="flex gap-2">
              <dt className="text-muted">Edad</dt>
              <dd className="font-medium">{advert.age} años</dd>
            </div>
          )}
          <div className="flex gap-2">
            <dt className="text-muted">Género</dt>
            <dd className="font-medium">{genderLabel(advert.gender)}</dd>
          </div>
          {advert.occupation ? (
            <div className="flex gap-2">
              <dt className="text-muted">Ocupación</dt>
              <dd className="font-medium wrap-anywhere">{advert.occupation}</dd>
            </div>
          ) : null}
        </dl>
        <VerifiedBadges verified={advert.verified} gender={advert.gender} />
      </div>
      {advert.percent === undefined ? null : (
        <div>
          <PercentBadge percent={advert.percent} />
          {advert.reasons && advert.reasons.length > 0 ? (
            <ul aria-label="Lo que tienen en común" className="mt-3 grid gap-1 text-sm">
              {advert.reasons.map((reason) => (
                <li key={reason} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                  {reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      <div>
        <h3 className="font-semibold">Sobre mí</h3>
        <p className="mt-2 leading-relaxed whitespace-pre-line wrap-anywhere">{advert.description}</p>
      </div>
      <InterestAction advert={advert} />
      {clientId !== null && clientId !== advert.client_id ? (
        <SafetyActions targetClientId={advert.client_id} name={advert.client} onBlocked={onBlocked} />
      ) : null}
    </div>
  );
}

function InterestAction({ advert }: { advert: PersonAdvert }) {
  const clientId = useSessionHint('client');
  const navigate = useNavigate();
  const loginLink = useLoginLink();
  const addInterest = useAddInterest();
  const interests = useMyInterests(clientId !== null);

  if (clientId === advert.client_id) {
    return <p className="rounded-lg bg-cream px-4 py-3 text-sm text-muted">Este es tu anuncio.</p>;
  }
  const known = interests.data && [...interests.data.interested, ...interests.data.mutual];
  if (clientId !== null && known?.some((entry) => entry.client_id === advert.client_id)) {
    return (
      <p className="rounded-lg bg-accent-soft px-4 py-3 text-sm text-accent-dark">
        Ya te interesa {advert.client}.{' '}
        <Link to="/intereses" className="font-semibold underline">
          Ver mis intereses
        </Link>
      </p>
    );
  }

  // Visitors log in first (spec §5); a success goes to /intereses (spec §4).
  const markInterest = () => {
    if (clientId === null) {
      navigate(loginLink('interes', { anuncio: String(advert.id) }));
      return;
    }
    addInterest.mutate(advert.id, {
      onSuccess: (answer) => {
        if (answer.mutual) earnPushOffer('match');
        navigate('/intereses');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.httpStatus === 401)
          navigate(loginLink('interes', { anuncio: String(advert.id) }));
      },
    });
  };

  return (
    <div className="mt-auto flex flex-col gap-3">
      <ErrorAlert error={addInterest.error} />
      <Button onClick={markInterest} disabled={addInterest.isPending} className="w-full">
        <Heart className="size-4" aria-hidden />
        {addInterest.isPending ? 'Guardando…' : 'Me interesa'}
      </Button>
    </div>
  );
}
