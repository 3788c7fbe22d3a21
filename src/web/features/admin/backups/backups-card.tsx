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

/** "Respaldos" (design.md §24): the last backup, verified or why not, its size and where it went. */
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
          Los respaldos están apagados: faltan BACKUP_DIR o BACKUP_AGE_RECIPIENT en la configuración.
        </p>
      ) : (
        <>
          {backups.data.latest ? (
            <LatestBackup backup={backups.data.latest} />
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

function LatestBackup({ backup }: { backup: BackupSummary }) {
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
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> No verificado: {backup.reason}
          </span>
        )}
      </dd>
      {backup.size_bytes !== null && (
        <>
          <dt className="text-slate-500">Tamaño</dt>
          <dd>{formatBytes(backup.size_bytes)}</dd>
        </>
      )}
      <dt className="text-slate-500">Dónde</dt>
      <dd className="break-all">
        {backup.file ? `${backup.destination}/${backup.file}` : backup.destination}
      </dd>
    </dl>
  );
}
