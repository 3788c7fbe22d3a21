import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { eventFieldsSchema } from '../../../../shared/contracts/admin-events';
import { isAdminEventList } from '../../../../shared/contracts/event-answers';
import { CITIES, cityLabel, DEFAULT_CITY } from '../../../../shared/domain/cities';
import { formatDateTime } from '../../../../shared/domain/mexico-dates';
import { EVENT_STATUS } from '../../../../shared/domain/statuses';
import { adminPost, readAsDataUrl } from '../../../api/admin';
import { answerOf, sessionHint } from '../../../api/client';
import {
  type Banner,
  BannerSlot,
  bannerFrom,
  EmptyState,
  PageHeader,
  Pager,
  SearchBox,
  smallButton,
  Tag,
} from '../../../components/admin/admin-ui';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';

export function EventsPage() {
  usePageTitle('Eventos');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  return (
    <section>
      <PageHeader title="Eventos">
        <button type="button" className={smallButton('primary')} onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden /> Nuevo evento
        </button>
      </PageHeader>
      <BannerSlot banner={banner} />
      <SearchBox label="Buscar evento por nombre" value={search} onChange={setSearch} />
      <EventList key={search.trim()} search={search.trim()} />
      <NewEventModal open={creating} onOpenChange={setCreating} onCreated={setBanner} />
    </section>
  );
}

/** One page of 50 events, newest day first; the search runs on the server (docs/design/17-million.md). */
function EventList({ search }: { search: string }) {
  const [page, setPage] = useState(1);
  const events = useQuery({
    queryKey: ['admin', 'events', search, page],
    queryFn: async () =>
      answerOf(
        await adminPost('event/get', {
          admin_id: sessionHint('admin') ?? undefined,
          search: search || undefined,
          page,
        }),
        isAdminEventList,
      ),
    placeholderData: keepPreviousData,
  });
  if (events.isPending) return <Spinner />;
  if (events.isError) return <BannerSlot banner={bannerFrom(events.error)} />;
  const { total, total_estimated, page_size } = events.data;
  if (events.data.events.length === 0) return <EmptyState text="No hay eventos" />;
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {events.data.events.map((event) => (
          <li key={event.id}>
            <Link
              to={`/admin/event/${event.id}`}
              className="flex gap-3 rounded border border-slate-200 bg-white p-2 hover:border-accent"
            >
              {/* Contained, not cropped: the organizer checks the whole picture visitors will see. */}
              <img
                src={event.image}
                srcSet={event.image_srcset}
                sizes="80px"
                width={80}
                height={80}
                alt=""
                className="size-20 shrink-0 rounded bg-slate-100 object-contain"
                loading="lazy"
              />
              <div className="min-w-0">
                <p className="font-semibold">{event.name}</p>
                <p className="text-sm text-slate-600">
                  {event.day ? formatDateTime(event.day, event.hour) : 'Sin fecha'}
                </p>
                <p className="text-sm text-slate-600">
                  {[event.venue, cityLabel(event.city)].filter(Boolean).join(' · ')}
                </p>
                {event.status_id === EVENT_STATUS.soldOut ? <Tag tone="red">Agotado</Tag> : null}
                {event.status_id === EVENT_STATUS.suspended ? <Tag tone="amber">Suspendido</Tag> : null}
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={page_size} total={total} estimated={total_estimated} onPage={setPage} />
    </>
  );
}

const newEventSchema = eventFieldsSchema.pick({ name: true, day: true, hour: true, venue: true, city: true });
type NewEvent = z.input<typeof newEventSchema>;

function NewEventModal({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (banner: Banner) => void;
}) {
  const queryClient = useQueryClient();
  const [image, setImage] = useState<File | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const { register, handleSubmit, watch, reset } = useForm<NewEvent>({
    resolver: zodResolver(newEventSchema),
    defaultValues: { name: '', day: '', hour: '', venue: '', city: DEFAULT_CITY },
  });
  const create = useMutation({
    mutationFn: async (event: NewEvent) =>
      adminPost('event/add', {
        event: { ...event, status_id: EVENT_STATUS.confirmed },
        image: image ? await readAsDataUrl(image) : null,
      }),
    onSuccess: (response) => {
      onCreated({ status: 'success', message: response.message });
      reset();
      setImage(null);
      onOpenChange(false);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'events'] });
    },
    onError: (error) => setBanner(bannerFrom(error)),
  });
  const name = watch('name');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Nuevo evento">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit(
          (event) => create.mutate(event),
          (errors) => setBanner({ status: 'warning', message: Object.values(errors)[0]?.message ?? '' }),
        )}
      >
        <BannerSlot banner={banner} />
        <Field label="Nombre" {...register('name')} />
        <Field label="Día" type="date" {...register('day')} />
        <Field label="Hora" type="time" {...register('hour')} />
        <Field label="Lugar" {...register('venue')} />
        <SelectField
          label="Ciudad"
          options={CITIES.map((city) => ({ value: city.code, label: city.label }))}
          {...register('city')}
        />
        <Field
          label="Imagen (PNG, JPEG o WebP)"
          name="image"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(event) => setImage(event.target.files?.[0] ?? null)}
        />
        <Button type="submit" disabled={!name?.trim() || create.isPending}>
          {create.isPending ? 'Guardando…' : 'Guardar'}
        </Button>
      </form>
    </Modal>
  );
}
