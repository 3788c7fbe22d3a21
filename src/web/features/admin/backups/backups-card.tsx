import { CircleAlert, CircleCheck } from 'lucide-react';
import type { BackupSummary } from '../../../../shared/contracts/backups';
import { formatBytes } from '../../../../shared/domain/byte-size';
import { formatInstant } from '../../../../shared/domain/mexico-dates';
import { BannerSlot, bannerFrom } from '../../../components/admin/admin-ui';
import { Spinner } from '../../../components/ui/spinner';
import { useBackups } from './use-backups';

const KIND_LABELS: Record<BackupSummary['kind'], string> = {
  nightly: 'nocturno',
  manual: 'hecho a mano',
  'before-upgrade': 'antes de actualizar',
};

/**
 * "Respaldos" for an organizer: the last backup, verified or not, its size and whether a copy leaves
 * the machine, in plain Spanish; settings, folders and failure messages are `cita doctor`'s.
 */
export function BackupsCard() {
  const backups = useBackups();
  return (
    <section aria-labelledby="backups-card" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="backups-card" className="mb-2 text-lg font-semibold">
        Respaldos
      </h2>
      {backups.isPending ? (
        <Spinner />
      ) : backups.isError ? (
        <BannerSlot banner={bannerFrom(backups.error)} />
      ) : !backups.data.enabled ? (
        <p className="text-sm text-amber-800">
          Los respaldos están apagados: nadie está guardando copias de los datos. Pide a quien opera el
          servidor que los active («cita doctor» le dice qué falta).
        </p>
      ) : (
        <>
          {backups.data.latest ? (
            <LatestBackup backup={backups.data.latest} offSite={backups.data.off_site} />
          ) : (
            <p className="text-sm">Todavía no se ha hecho ningún respaldo.</p>
          )}
          {backups.data.problem && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {backups.data.problem}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function LatestBackup({ backup, offSite }: { backup: BackupSummary; offSite: boolean }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-slate-500">Último</dt>
      <dd>
        {formatInstant(backup.started_at)} ({KIND_LABELS[backup.kind]})
      </dd>
      <dt className="text-slate-500">Estado</dt>
      <dd>
        {backup.verified ? (
          <span className="inline-flex items-center gap-1 text-green-800">
            <CircleCheck className="size-4" aria-hidden /> Verificado: se restauró y coincide con el origen
          </span>
        ) : (
          <span className="inline-flex items-start gap-1 text-red-700">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> No verificado: este respaldo falló.
            Quien opera el servidor ve el motivo con «cita doctor».
          </span>
        )}
      </dd>
      {backup.size_bytes !== null && (
        <>
          <dt className="text-slate-500">Tamaño</dt>
          <dd>{formatBytes(backup.size_bytes)}</dd>
        </>
      )}
      <dt className="text-slate-500">Fuera del servidor</dt>
      <dd>
        {offSite
          ? 'Sí: cada respaldo se copia también a un almacenamiento externo'
          : 'No: las copias están solo en este servidor; si se pierde, se pierden con él'}
      </dd>
    </dl>
  );
}
