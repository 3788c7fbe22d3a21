import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PendingAdvert } from '../../../../shared/contracts/admin';
import { formatTime } from '../../../../shared/domain/mexico-dates';
import { mexicoDayAndHour } from '../../../../shared/domain/mexico-time';
import { adminPost } from '../../../api/admin';
import {
  type Banner,
  BannerSlot,
  bannerFrom,
  Cell,
  EmptyState,
  PageHeader,
  smallButton,
  Table,
} from '../../../components/admin/admin-ui';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';
import { BackupsCard } from '../backups/backups-card';
import { MessageForm } from '../organizer/message-form';
import { RatingTrend } from '../organizer/rating-trend';
import { PendingPhotos } from './pending-photos';
import { EventPlacesChart, WeeklyChart } from './stats-charts';

export function DashboardPage() {
  usePageTitle('Panel');
  const pending = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminPost('admin/dashboard'),
  });
  // Spec §8: a failed list load shows nothing on the dashboard (neither list).
  return (
    <section>
      <PageHeader title="Panel" />
      <Stats />
      <div className="mt-6">
        <BackupsCard />
      </div>
      <div className="mt-6 grid gap-6 2xl:grid-cols-2">
        <section aria-labelledby="pending-adverts">
          <h2 id="pending-adverts" className="mb-3 text-lg font-semibold">
            Anuncios pendientes de aprobación
          </h2>
          {pending.isPending ? (
            <Spinner />
          ) : pending.isError ? null : (
            <PendingAdverts adverts={pending.data.adverts} />
          )}
        </section>
        <section aria-labelledby="pending-photos">
          <h2 id="pending-photos" className="mb-3 text-lg font-semibold">
            Fotos pendientes de aprobación
          </h2>
          {pending.isPending ? (
            <Spinner />
          ) : pending.isError ? null : (
            <PendingPhotos photos={pending.data.photos} />
          )}
        </section>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <RatingTrend />
        <MessageForm />
      </div>
    </section>
  );
}

function PendingAdverts({ adverts }: { adverts: PendingAdvert[] }) {
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<Banner>(null);
  const decide = useMutation({
    mutationFn: ({ advert, approve }: { advert: PendingAdvert; approve: boolean }) =>
      adminPost('admin/clients/update', {
        advert: approve
          ? { id: advert.id, status_id: 1, description: advert.description_update }
          : // Rejecting keeps the advert as it is (shown or hidden) and drops the pending text.
            { id: advert.id, status_id: advert.status_id === 1 ? 1 : 2, description: '' },
      }),
    onSuccess: (response) => setBanner({ status: 'success', message: response.message }),
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  });
  return (
    <>
      <BannerSlot banner={banner} />
      {adverts.length === 0 ? (
        <EmptyState text="No hay anuncios pendientes de aprobación" />
      ) : (
        <Table head={['Cliente', 'Anuncio propuesto', 'Acciones']}>
          {adverts.map((advert) => (
            <tr key={advert.id}>
              <Cell label="Cliente" className="font-medium lg:whitespace-nowrap">
                {advert.client}
              </Cell>
              <Cell label="Anuncio propuesto" className="whitespace-pre-line">
                {advert.description_update}
              </Cell>
              <Cell label="Acciones">
                <div className="flex gap-2">
                  <ConfirmDialog
                    trigger={
                      <button type="button" className={smallButton('primary')} disabled={decide.isPending}>
                        Aprobar
                      </button>
                    }
                    question={`¿Deseas aprobar el anuncio de ${advert.client}? El anuncio se mostrará en la página para todos los usuarios.`}
                    onConfirm={() => decide.mutate({ advert, approve: true })}
                  />
                  <ConfirmDialog
                    trigger={
                      <button type="button" className={smallButton()} disabled={decide.isPending}>
                        Rechazar
                      </button>
                    }
                    question={`¿Deseas rechazar el anuncio de ${advert.client}? El anuncio no se mostrará en la página.`}
                    onConfirm={() => decide.mutate({ advert, approve: false })}
                  />
                </div>
              </Cell>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}

/** The numbers an organizer reads at a glance: sign-ups and matches per week, upcoming events' places. */
function Stats() {
  const stats = useQuery({
    queryKey: ['admin', 'stats'],
    queryFn: () => adminPost('admin/stats'),
  });
  if (stats.isPending) return <Spinner />;
  if (stats.isError) return <BannerSlot banner={bannerFrom(stats.error)} />;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{figuresTimeLabel(stats.data.computed_at)}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <WeeklyChart title="Registros" weeks={stats.data.signups_by_week} />
        <WeeklyChart title="Coincidencias" weeks={stats.data.matches_by_week} />
      </div>
      <h2 className="mt-2 text-lg font-semibold">Próximos eventos</h2>
      {stats.data.events.length === 0 ? (
        <EmptyState text="No hay eventos próximos" />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {stats.data.events.map((event) => (
            <EventPlacesChart key={event.id} event={event} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The figures are kept up to a minute (decision 0034), so the page says when they were computed. */
function figuresTimeLabel(computedAt: string): string {
  const time = formatTime(mexicoDayAndHour(new Date(computedAt)).hour);
  return `Cifras de ${time.startsWith('1:') ? 'la' : 'las'} ${time}`;
}
