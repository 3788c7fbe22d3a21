import { Switch } from 'radix-ui';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { useNews, useUpdateNews } from './api';

/** /configuracion's "Novedades": her own consent, off until she turns it on (LFPDPPP). */
export function NewsSetting() {
  const news = useNews();
  const update = useUpdateNews();
  if (news.isPending) return <Spinner label="Cargando…" />;
  if (news.isError) return <ErrorAlert error={news.error} />;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <label htmlFor="novedades" className="text-sm font-medium">
          Quiero recibir novedades de eventos
        </label>
        <Switch.Root
          id="novedades"
          checked={news.data.news}
          disabled={update.isPending}
          onCheckedChange={(checked) => update.mutate(checked)}
          className="relative box-content h-6 w-11 shrink-0 rounded-full bg-black/20 bg-clip-content py-2.5 transition data-[state=checked]:bg-accent disabled:opacity-50"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
      </div>
      <p className="text-sm text-muted">
        A lo más dos correos por semana con las noches nuevas. Puedes darte de baja desde cualquiera de ellos.
      </p>
      {update.isSuccess ? <Alert status="success" message={update.data.message} /> : null}
      <ErrorAlert error={update.error} />
    </div>
  );
}
