import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiPost } from '../../api/client';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { usePageTitle } from '../../components/use-page-title';

const STARS = [1, 2, 3, 4, 5] as const;

/** /valorar/:id: "¿Cómo estuvo la noche?", 1–5 stars and a comment only the organizers read. */
export function RatingPage() {
  usePageTitle('¿Cómo estuvo la noche?');
  const eventId = Number(useParams().id);
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const rate = useMutation({
    mutationFn: () =>
      apiPost('client/rating/add', { event_id: eventId, stars, ...(comment.trim() ? { comment } : {}) }),
  });
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-10">
      <h1 className="text-3xl font-bold">¿Cómo estuvo la noche?</h1>
      <form
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          rate.mutate();
        }}
        noValidate
      >
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
            onChange={(event) => setComment(event.target.value)}
            className={inputClass}
          />
          <p className="text-sm text-muted">Solo lo leen los organizadores.</p>
        </div>
        {rate.isSuccess ? <Alert status="success" message={rate.data.message} /> : null}
        <ErrorAlert error={rate.error} />
        <Button type="submit" disabled={stars === 0 || rate.isPending}>
          {rate.isPending ? 'Enviando…' : 'Enviar calificación'}
        </Button>
      </form>
      <Link to="/eventos" className="text-sm text-accent underline">
        Ver los próximos eventos
      </Link>
    </section>
  );
}
