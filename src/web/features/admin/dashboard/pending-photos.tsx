import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type AdminPhotosUpdateBody,
  adminPhotosUpdateBody,
  type PendingPhoto,
  PHOTO_REASON_MAX,
  PHOTO_STATUS,
} from '../../../../shared/contracts/photos';
import { adminPost } from '../../../api/admin';
import {
  type Banner,
  BannerSlot,
  bannerFrom,
  EmptyState,
  smallButton,
} from '../../../components/admin/admin-ui';
import { ErrorAlert } from '../../../components/ui/alert';
import { inputClass } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';

/** The moderation queue of member photos (docs/design/10-photos.md): approve, or reject with a reason she will read. */
export function PendingPhotos({ photos }: { photos: PendingPhoto[] }) {
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<Banner>(null);
  const [rejecting, setRejecting] = useState<PendingPhoto | null>(null);
  const decide = useMutation({
    mutationFn: (photo: AdminPhotosUpdateBody['photo']) => adminPost('admin/photos/update', { photo }),
    onSuccess: (response) => {
      setBanner({ status: 'success', message: response.message });
      setRejecting(null);
    },
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  });

  return (
    <>
      <BannerSlot banner={banner} />
      {photos.length === 0 ? (
        <EmptyState text="No hay fotos pendientes de aprobación" />
      ) : (
        <ul
          aria-label="Fotos pendientes"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-3"
        >
          {photos.map((photo) => (
            <li key={photo.id} className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-2">
              <img
                src={photo.url}
                srcSet={photo.srcset || undefined}
                sizes="(min-width: 1280px) 200px, (min-width: 640px) 30vw, 45vw"
                alt={`Foto de ${photo.client}`}
                width={200}
                height={200}
                loading="lazy"
                decoding="async"
                className="aspect-square w-full rounded bg-slate-100 object-contain"
              />
              <p className="text-sm font-medium [overflow-wrap:anywhere]">{photo.client}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={smallButton('primary')}
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ id: photo.id, status_id: PHOTO_STATUS.approved })}
                >
                  Aprobar
                </button>
                <button
                  type="button"
                  className={smallButton()}
                  disabled={decide.isPending}
                  onClick={() => {
                    decide.reset();
                    setRejecting(photo);
                  }}
                >
                  Rechazar
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title="Rechazar foto"
      >
        {rejecting ? (
          <RejectForm
            photo={rejecting}
            sending={decide.isPending}
            failure={decide.error}
            onReject={(reason) =>
              decide.mutate({ id: rejecting.id, status_id: PHOTO_STATUS.rejected, reason })
            }
          />
        ) : null}
      </Modal>
    </>
  );
}

function RejectForm({
  photo,
  sending,
  failure,
  onReject,
}: {
  photo: PendingPhoto;
  sending: boolean;
  /** The refusal of the last try, shown inside the dialog that covers the page's banner. */
  failure: unknown;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The same schema the server checks: a rejection needs its reason.
    const parsed = adminPhotosUpdateBody.safeParse({
      photo: { id: photo.id, status_id: PHOTO_STATUS.rejected, reason: reason.trim() || undefined },
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Escribe el motivo del rechazo');
      return;
    }
    setError(null);
    onReject(reason.trim());
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <img
        src={photo.url}
        alt={`Foto de ${photo.client}`}
        width={160}
        height={160}
        className="size-40 self-center rounded bg-slate-100 object-contain"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="photo-reject-reason" className="text-sm font-medium">
          Motivo del rechazo
        </label>
        <textarea
          id="photo-reject-reason"
          rows={3}
          maxLength={PHOTO_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby="photo-reject-hint"
          className={inputClass}
        />
        <p id="photo-reject-hint" className="text-xs text-slate-600">
          {photo.client} lo verá en su perfil, junto a la foto.
        </p>
        {error ? <p className="text-sm text-red-700">{error}</p> : null}
      </div>
      <ErrorAlert error={failure} />
      <button type="submit" className={smallButton('danger')} disabled={sending}>
        {sending ? 'Rechazando…' : 'Rechazar foto'}
      </button>
    </form>
  );
}
