import { formatInstant } from '../../../../shared/domain/mexico-dates';
import { useBackups } from './use-backups';

/** On every back-office page while the database is a restored one in quarantine (docs/design/24-backups.md). */
export function QuarantineBanner() {
  const quarantine = useBackups().data?.quarantine;
  if (!quarantine) return null;
  return (
    <div role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <strong>Base restaurada en cuarentena:</strong> no se envían correos ni avisos y no se cobra en línea
      hasta activarla con <code className="whitespace-nowrap">cita restore --activate</code>. Restaurada desde{' '}
      {quarantine.restored_from} ({formatInstant(quarantine.restored_at)}).
    </div>
  );
}
