import { useQuery } from '@tanstack/react-query';
import { formatInstant } from '../../../../shared/domain/mexico-dates';
import { adminPost } from '../../../api/admin';
import { sessionHint } from '../../../api/client';
import { BannerSlot, bannerFrom } from '../../../components/admin/admin-ui';
import { Spinner } from '../../../components/ui/spinner';
import { StarRating } from '../../../components/ui/star-rating';

/** "¿Cómo estuvo la noche?": the average, how many rated, and their comments (without names). */
export function EventRatings({ eventId }: { eventId: number }) {
  const ratings = useQuery({
    queryKey: ['admin', 'event', eventId, 'ratings'],
    queryFn: () =>
      adminPost('admin/event/ratings', { admin_id: sessionHint('admin') ?? undefined, event_id: eventId }),
  });
  return (
    <section
      aria-labelledby="event-ratings"
      className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-4"
    >
      <h2 id="event-ratings" className="text-lg font-semibold">
        Calificaciones
      </h2>
      {ratings.isPending ? <Spinner /> : null}
      {ratings.isError ? <BannerSlot banner={bannerFrom(ratings.error)} /> : null}
      {ratings.data ? (
        ratings.data.count === 0 ? (
          <p className="text-sm text-slate-600">Nadie ha calificado esta noche todavía.</p>
        ) : (
          <>
            <p className="text-sm">
              Promedio <strong>{ratings.data.average?.toFixed(1)} de 5</strong> ·{' '}
              {ratings.data.count === 1 ? '1 calificación' : `${ratings.data.count} calificaciones`}
            </p>
            <ul className="flex flex-col gap-2">
              {ratings.data.comments.map((entry) => (
                <li key={`${entry.rated_at}-${entry.comment}`} className="rounded bg-slate-50 p-2 text-sm">
                  <StarRating stars={entry.stars} />{' '}
                  <span className="whitespace-pre-line break-words">{entry.comment}</span>
                  <span className="block text-xs text-slate-500">{formatInstant(entry.rated_at)}</span>
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </section>
  );
}
