import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ClientRatingGetAnswer } from '../../../shared/contracts/organizer';
import { formatDate, formatDateTime } from '../../../shared/domain/mexico-dates';
import { mexicoDayAndHour } from '../../../shared/domain/mexico-time';
import { apiPost } from '../../api/client';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';

const STARS = [1, 2, 3, 4, 5] as const;
const ratingKey = (eventId: number) => ['client', 'rating', eventId];

/**
 * /valorar/:id: "¿Cómo estuvo la noche?" for the night it names, 1–5 stars and a comment only the
 * organizers read. Her earlier rating is shown to change; someone who did not come is told so
 * before filling anything in.
 */
export function RatingPage() {
  usePageTitle('¿Cómo estuvo la noche?');
  const eventId = Number(useParams().id);
  const night = useQuery({
    queryKey: ratingKey(eventId),
    queryFn: () => apiPost('client/rating/get', { event_id: eventId }),
  });
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-10">
      <h1 className="text-3xl font-bold">¿Cómo estuvo la noche?</h1>
      {night.isPending ? <Spinner /> : null}
      <ErrorAlert error={night.error} />
      {night.data ? <RatingForm night={night.data} /> : null}
      <Link to="/eventos" className="inline-flex min-h-11 items-center text-sm text-accent underline">
        Ver los próximos eventos
      </Link>
    </section>
  );
}

function RatingForm({ night }: { night: ClientRatingGetAnswer }) {
  const { event, came, rating } = night;
  const queryClient = useQueryClient();
  const [stars, setStars] = useState(rating?.stars ?? 0);
  const [comment, setComment] = useState(rating?.comment ?? '');
  // What the server holds now: the button waits for a change before sending again.
  const [sent, setSent] = useState({ stars: rating?.stars ?? 0, comment: rating?.comment ?? '' });
  const rate = useMutation({
    mutationFn: () =>
      apiPost('client/rating/add', { event_id: event.id, stars, ...(comment.trim() ? { comment } : {}) }),
    onSuccess: () => {
      setSent({ stars, comment });
      void queryClient.invalidateQueries({ queryKey: ratingKey(event.id) });
    },
  });
  const changed = stars !== sent.stars || comment !== sent.comment;
  return (
    <>
      <p className="text-lg">
        <span className="font-semibold">{event.name}</span>
        <span className="block text-sm text-muted">
          {[formatDateTime(event.day, event.hour), event.venue].filter(Boolean).join(' · ')}
        </span>
      </p>
      {!came ? (
        <Alert status="warning" message="Solo puede calificar la noche quien llegó al evento." />
      ) : (
        <form
          className="flex flex-col gap-5"
          onSubmit={(formEvent) => {
            formEvent.preventDefault();
            rate.mutate();
          }}
          noValidate
        >
          {rating ? (
            <p className="text-sm text-muted">
              La calificaste el {ratedOn(rating.rated_at)}; si la cambias, se reemplaza.
            </p>
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Tu calificación</legend>
            <div className="flex gap-1">
              {STARS.map((value) => (
                <label
                  key={value}
                  className={clsx(
                    'flex size-12 cursor-pointer items-center justify-center rounded-lg text-3xl has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
                    value <= stars ? 'text-amber-500' : 'text-black/25',
                  )}
                >
                  <input
                    type="radio"
                    name="stars"
                    value={value}
                    className="sr-only"
                    checked={stars === value}
                    onChange={() => setStars(value)}
                    aria-label={value === 1 ? '1 estrella' : `${value} estrellas`}
                  />
                  <span aria-hidden>★</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor="rating-comment" className="text-sm font-medium">
              Comentario (opcional)
            </label>
            <textarea
              id="rating-comment"
              rows={4}
              maxLength={1000}
              value={comment}
              onChange={(changeEvent) => setComment(changeEvent.target.value)}
              className={inputClass}
            />
            <p className="text-sm text-muted">Solo lo leen los organizadores.</p>
          </div>
          {rate.isSuccess && !changed ? <Alert status="success" message={rate.data.message} /> : null}
          <ErrorAlert error={rate.error} />
          <Button type="submit" disabled={stars === 0 || rate.isPending || !changed}>
            {rate.isPending
              ? 'Enviando…'
              : rating || rate.isSuccess
                ? 'Cambiar calificación'
                : 'Enviar calificación'}
          </Button>
        </form>
      )}
    </>
  );
}

/** 'sábado 12 de diciembre': the day she rated, as Mexico City read it. */
function ratedOn(ratedAt: string): string {
  return formatDate(mexicoDayAndHour(new Date(ratedAt)).day);
}
