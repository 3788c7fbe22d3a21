import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { QueuedVerification } from '../../../../shared/contracts/verification';
import { formatDate } from '../../../../shared/domain/mexico-dates';
import { GESTURE_LABELS } from '../../../../shared/domain/verification';
import { adminPost } from '../../../api/admin';
import { sessionHint } from '../../../api/client';
import {
  BannerSlot,
  bannerFrom,
  EmptyState,
  PageHeader,
  smallButton,
} from '../../../components/admin/admin-ui';
import { Spinner } from '../../../components/ui/spinner';
import { VerifiedBadges } from '../../../components/ui/verified-badges';
import { usePageTitle } from '../../../components/use-page-title';

const QUEUE_KEY = ['admin', 'verifications'];

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toFixed(2);

/**
 * /admin/verificaciones (docs/design/27-verified.md): door reports first, then selfies ranked by
 * the engine's best score. The engine only ranks: the moderator approves, marking which of her
 * photos show the person of the selfies, or rejects with a reason she reads.
 */
export function VerificationsPage() {
  usePageTitle('Verificaciones');
  const queue = useQuery({
    queryKey: QUEUE_KEY,
    queryFn: () => adminPost('admin/verifications/get', { admin_id: sessionHint('admin') ?? undefined }),
  });
  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Verificaciones" />
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <BannerSlot banner={bannerFrom(queue.error)} />
      ) : queue.data.verifications.length === 0 ? (
        <EmptyState text="No hay verificaciones por revisar." />
      ) : (
        <ul aria-label="Verificaciones por revisar" className="flex flex-col gap-4">
          {queue.data.verifications.map((entry) => (
            <li key={entry.id}>
              <VerificationCase entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VerificationCase({ entry }: { entry: QueuedVerification }) {
  const queryClient = useQueryClient();
  const [marked, setMarked] = useState<number[]>(entry.photos[0] ? [entry.photos[0].id] : []);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (statusId: 2 | 3) =>
      adminPost('admin/verification/update', {
        admin_id: sessionHint('admin') ?? undefined,
        verification: {
          id: entry.id,
          status_id: statusId,
          ...(statusId === 2 ? { photo_ids: marked } : { reason }),
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
  const scoreOf = (photoId: number) =>
    entry.scores?.photos.find((photo) => photo.photo_id === photoId)?.score;
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <header>
        <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">{entry.client}</h2>
        <VerifiedBadges verified={entry.verified} gender={entry.gender} />
        <p className="text-sm text-slate-700">
          {entry.source === 'door' && entry.event
            ? `«No coincide» en la entrada de ${entry.event.name} (${formatDate(entry.event.day)})`
            : `Selfies: ${entry.gestures.map((gesture) => GESTURE_LABELS[gesture].toLowerCase()).join(' · ')}`}
          {entry.scores ? ` · misma persona en ambas: ${score(entry.scores.same_person)}` : ''}
        </p>
      </header>
      {entry.selfies.length > 0 ? (
        <div className="grid grid-cols-2 gap-2">
          {entry.selfies.map((selfie, index) => (
            <img
              key={selfie.slice(-32)}
              src={selfie}
              alt={`Selfie ${index + 1} de ${entry.client}`}
              className="w-full rounded object-cover"
            />
          ))}
        </div>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Sus fotos: marca las que muestran a la misma persona</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {entry.photos.map((photo, index) => (
            <label key={photo.id} className="flex flex-col gap-1 text-sm">
              <img
                src={photo.url}
                srcSet={photo.srcset}
                sizes="12rem"
                alt={`Foto ${index + 1} de ${entry.client}`}
                className="aspect-square w-full rounded object-cover"
              />
              <span className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={marked.includes(photo.id)}
                  onChange={(event) =>
                    setMarked((current) =>
                      event.target.checked ? [...current, photo.id] : current.filter((id) => id !== photo.id),
                    )
                  }
                />
                {index === 0 ? 'Principal' : `Foto ${index + 1}`} · {score(scoreOf(photo.id))}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Motivo del rechazo (ella lo lee)
        <input
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className="min-h-11 rounded border border-slate-300 px-3"
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={smallButton('primary')}
          disabled={decide.isPending}
          onClick={() => decide.mutate(2)}
        >
          Aprobar
        </button>
        <button
          type="button"
          className={smallButton('danger')}
          disabled={decide.isPending}
          onClick={() => decide.mutate(3)}
        >
          Rechazar
        </button>
      </div>
      {decide.isError ? <BannerSlot banner={bannerFrom(decide.error)} /> : null}
    </article>
  );
}
