import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PickTotals } from '../../../../shared/contracts/match-cards';
import { adminPost } from '../../../api/admin';
import { type Banner, BannerSlot, bannerFrom, smallButton } from '../../../components/admin/admin-ui';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** Share of the Sí answers that found a Sí back, as a whole percentage. */
function matchRate(totals: PickTotals): number {
  return totals.picks === 0 ? 0 : Math.round(((totals.mutual * 2) / totals.picks) * 100);
}

/**
 * The organizer's side of a night on the event page (docs/design/12-match-cards.md): the host screen, the match
 * cards' results (totals only: no one-way pick is ever named) and closing them now.
 */
export function NightPanel({ eventId, totals }: { eventId: number; totals: PickTotals }) {
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<Banner>(null);
  const close = useMutation({
    mutationFn: () => adminPost('event/update', { picks_close: eventId }),
    onSuccess: (response) => setBanner({ status: 'success', message: response.message }),
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'event', eventId] }),
  });
  const figures = [
    { label: 'Registraron su llegada', value: totals.checked_in },
    { label: 'Hicieron sus elecciones', value: totals.pickers },
    { label: '«Sí» dados', value: totals.picks },
    { label: 'Coincidencias mutuas', value: totals.mutual },
    { label: 'Tasa de coincidencia', value: `${matchRate(totals)} %` },
  ];
  return (
    <section aria-labelledby="night-title" className="rounded border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="night-title" className="text-lg font-semibold">
          La noche: rondas y elecciones
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/event/${eventId}/rondas`} className={smallButton()}>
            Rondas y pantalla del anfitrión
          </Link>
          {totals.closed_at ? null : (
            <ConfirmDialog
              trigger={
                <button type="button" className={smallButton('primary')} disabled={close.isPending}>
                  Cerrar elecciones
                </button>
              }
              question="¿Cerrar ahora las elecciones? Quienes se eligieron mutuamente recibirán un correo y nadie podrá cambiar sus respuestas."
              confirmLabel="Cerrar elecciones"
              onConfirm={() => close.mutate()}
            />
          )}
        </div>
      </div>
      <BannerSlot banner={banner} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{figure.label}</dt>
            <dd className="text-2xl font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        {totals.closed_at
          ? 'Las elecciones están cerradas: las coincidencias ya son intereses mutuos.'
          : 'Las elecciones cierran solas 24 horas después del evento.'}{' '}
        La tasa es la parte de los «Sí» que encontraron otro «Sí».
      </p>
    </section>
  );
}
