import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DashboardResponse, PendingAdvert } from '../../../../shared/contracts/admin';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';
import { adminPost } from '../api';
import {
  type Banner,
  BannerSlot,
  bannerFrom,
  EmptyState,
  PageHeader,
  smallButton,
  Table,
} from '../components/admin-ui';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<Banner>(null);
  const pending = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminPost<DashboardResponse>('admin/dashboard'),
  });
  const decide = useMutation({
    mutationFn: ({ advert, approve }: { advert: PendingAdvert; approve: boolean }) =>
      adminPost<{ message: string }>('admin/clients/update', {
        advert: approve
          ? { id: advert.id, status_id: 1, description: advert.description_update }
          : { id: advert.id, status_id: advert.status_id, description: '' },
      }),
    onSuccess: (response) => setBanner({ status: 'success', message: response.message }),
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  });

  // Spec §8: a failed list load shows nothing on the dashboard.
  const adverts = pending.data?.adverts ?? [];
  return (
    <section>
      <PageHeader title="Dashboard" />
      <h2 className="mb-3 text-lg font-semibold">Anuncios pendientes de aprobación</h2>
      <BannerSlot banner={banner} />
      {pending.isPending ? (
        <Spinner />
      ) : pending.isError ? null : adverts.length === 0 ? (
        <EmptyState text="No hay anuncios pendientes de aprobación" />
      ) : (
        <Table head={['Cliente', 'Anuncio propuesto', 'Acciones']}>
          {adverts.map((advert) => (
            <tr key={advert.id}>
              <td className="px-3 py-2 font-medium whitespace-nowrap">{advert.client}</td>
              <td className="px-3 py-2 whitespace-pre-line">{advert.description_update}</td>
              <td className="px-3 py-2">
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
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
