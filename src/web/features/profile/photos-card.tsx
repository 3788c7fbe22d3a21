import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, ImagePlus, Star, Trash2 } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { MAX_PHOTOS, type MemberPhoto, PHOTO_STATUS } from '../../../shared/contracts/photos';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { useAddPhoto, useDeletePhoto, useMovePhoto, useOwnPhotos } from './photos-api';
import { PHOTO_TYPES, photoAsDataUrl } from './prepare-photo';
import { ProfileCard } from './profile-card';

/** /perfil "Mis fotos": up to six, the first is the main one, each waits for an admin (docs/design/10-photos.md). */
export function PhotosCard() {
  const photos = useOwnPhotos();
  const add = useAddPhoto();
  const move = useMovePhoto();
  const remove = useDeletePhoto();
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = preparing || add.isPending || move.isPending || remove.isPending;

  const report = {
    onSuccess: (response: { message: string }) => setDone(response.message),
    onError: (error: unknown) => setProblem(error),
  };
  const startChange = () => {
    setProblem(null);
    setDone(null);
  };

  async function addChosenPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after an error) still counts as a choice.
    event.target.value = '';
    if (!file) return;
    startChange();
    setPreparing(true);
    try {
      const image = await photoAsDataUrl(file);
      add.mutate(image, report);
    } catch (error) {
      setProblem(error);
    } finally {
      setPreparing(false);
    }
  }

  const list = photos.data ?? [];
  const full = list.length >= MAX_PHOTOS;
  return (
    <ProfileCard title="Mis fotos">
      <p className="text-sm text-muted">
        Sube hasta {MAX_PHOTOS} fotos. La primera es tu foto principal, la que aparece en tu anuncio. Cada
        foto se muestra a los demás cuando un administrador la aprueba.
      </p>
      <div className="mt-4 flex flex-col gap-3 empty:hidden">
        {done ? <Alert status="success" message={done} /> : null}
        <ErrorAlert error={problem} />
      </div>
      {photos.isPending ? (
        <Spinner label="Cargando tus fotos…" />
      ) : photos.isError ? (
        <div className="mt-4">
          <ErrorAlert error={photos.error} />
        </div>
      ) : (
        <>
          {list.length > 0 ? (
            <ul aria-label="Mis fotos" className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
              {list.map((photo, index) => (
                <li key={photo.id}>
                  <PhotoTile
                    photo={photo}
                    number={index + 1}
                    last={index === list.length - 1}
                    busy={busy}
                    onMove={(position) => {
                      startChange();
                      move.mutate({ id: photo.id, position }, report);
                    }}
                    onDelete={() => {
                      startChange();
                      remove.mutate(photo.id, report);
                    }}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {full ? null : (
            <label
              className={clsx(
                'mt-4 flex cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed border-black/15 px-4 py-4 text-sm font-semibold text-accent hover:border-accent hover:bg-accent-soft focus-within:outline-2 focus-within:outline-accent',
                busy && 'pointer-events-none opacity-60',
              )}
            >
              <ImagePlus className="size-6" aria-hidden />
              {preparing || add.isPending ? 'Subiendo foto…' : 'Agregar foto'}
              <input
                type="file"
                accept={PHOTO_TYPES.join(',')}
                className="sr-only"
                disabled={busy}
                onChange={addChosenPhoto}
              />
            </label>
          )}
          <p className="mt-3 text-sm text-muted">
            {full
              ? `Ya tienes ${MAX_PHOTOS} fotos, el máximo. Elimina una para agregar otra.`
              : `Llevas ${list.length} de ${MAX_PHOTOS} fotos.`}
          </p>
        </>
      )}
    </ProfileCard>
  );
}

const STATUS_STYLES: Record<MemberPhoto['status_id'], string> = {
  [PHOTO_STATUS.pending]: 'bg-amber-100 text-amber-900',
  [PHOTO_STATUS.approved]: 'bg-emerald-100 text-emerald-900',
  [PHOTO_STATUS.rejected]: 'bg-red-100 text-red-900',
};

function statusText(photo: MemberPhoto): string {
  if (photo.status_id === PHOTO_STATUS.approved) return 'Aprobada';
  if (photo.status_id === PHOTO_STATUS.rejected) return `Rechazada: ${photo.reason ?? 'sin motivo'}`;
  return 'En revisión';
}

const iconButton =
  'grid size-9 place-items-center rounded-full text-ink ring-1 ring-black/10 hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-40';

function PhotoTile({
  photo,
  number,
  last,
  busy,
  onMove,
  onDelete,
}: {
  photo: MemberPhoto;
  number: number;
  last: boolean;
  busy: boolean;
  onMove: (position: number) => void;
  onDelete: () => void;
}) {
  const main = number === 1;
  return (
    <figure className="flex flex-col gap-2">
      <div className="relative overflow-hidden rounded-xl ring-1 ring-black/10">
        <img
          src={photo.url}
          srcSet={photo.srcset || undefined}
          sizes="(min-width: 640px) 220px, 45vw"
          alt={`Tu foto ${number}`}
          width={240}
          height={240}
          loading="lazy"
          decoding="async"
          className="aspect-square w-full bg-stone-200 object-cover"
        />
        {main ? (
          <span className="absolute top-2 left-2 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-ink shadow-sm">
            Principal
          </span>
        ) : null}
      </div>
      <figcaption
        className={clsx(
          'self-start rounded-lg px-2 py-0.5 text-xs font-semibold wrap-anywhere',
          STATUS_STYLES[photo.status_id],
        )}
      >
        {statusText(photo)}
      </figcaption>
      <div className="flex flex-wrap gap-1">
        {main ? null : (
          <>
            <button
              type="button"
              className={iconButton}
              disabled={busy}
              onClick={() => onMove(1)}
              aria-label={`Hacer principal la foto ${number}`}
              title="Hacer principal"
            >
              <Star className="size-4" aria-hidden />
            </button>
            <button
              type="button"
              className={iconButton}
              disabled={busy}
              onClick={() => onMove(number - 1)}
              aria-label={`Mover la foto ${number} antes`}
              title="Mover antes"
            >
              <ChevronLeft className="size-4" aria-hidden />
            </button>
          </>
        )}
        {last ? null : (
          <button
            type="button"
            className={iconButton}
            disabled={busy}
            onClick={() => onMove(number + 1)}
            aria-label={`Mover la foto ${number} después`}
            title="Mover después"
          >
            <ChevronRight className="size-4" aria-hidden />
          </button>
        )}
        <ConfirmDialog
          trigger={
            <button
              type="button"
              className={clsx(iconButton, 'text-red-700')}
              disabled={busy}
              aria-label={`Eliminar la foto ${number}`}
              title="Eliminar"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          }
          title="Eliminar foto"
          question="¿Deseas eliminar esta foto? No se puede deshacer."
          confirmLabel="Eliminar"
          destructive
          onConfirm={onDelete}
        />
      </div>
    </figure>
  );
}
