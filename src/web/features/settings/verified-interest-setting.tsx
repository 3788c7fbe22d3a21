import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../api/client';
import { useSessionHint } from '../../api/session-hint';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';

/**
 * /configuracion: «Sólo personas verificadas pueden mostrarme interés» (docs/design/27-verified.md).
 * Saved through client/profile/update with her profile as it is, so nothing else changes.
 */
export function VerifiedInterestSetting() {
  const queryClient = useQueryClient();
  const queryKey = ['client', useSessionHint('client'), 'profile'];
  const profile = useQuery({
    queryKey,
    queryFn: () => apiPost('client/profile', {}),
    select: (response) => response.profile,
    staleTime: 0,
  });
  const update = useMutation({
    mutationFn: async (onlyVerified: boolean) => {
      const current = profile.data;
      if (!current) throw new Error('Tu perfil todavía no carga');
      return apiPost('client/profile/update', {
        profile: {
          first_name: current.first_name,
          last_name: current.last_name,
          gender: current.gender as 1 | 2 | 3,
          birthday: current.birthday ?? '',
          phone: current.phone,
          instagram: current.instagram,
          occupation: current.occupation,
          only_verified_interest: onlyVerified,
        },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
  if (profile.isPending) return <Spinner label="Cargando…" />;
  if (profile.isError) return <ErrorAlert error={profile.error} />;
  return (
    <div className="flex flex-col gap-3">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 shrink-0"
          checked={profile.data.only_verified_interest}
          disabled={update.isPending}
          onChange={(event) => update.mutate(event.target.checked)}
        />
        Sólo personas verificadas pueden mostrarme interés
      </label>
      <p className="text-sm text-muted">
        Verificadas en persona en una noche de Cita, o con su foto verificada por el equipo.
      </p>
      {update.isSuccess ? <Alert status="success" message="Preferencia guardada" /> : null}
      <ErrorAlert error={update.error} />
    </div>
  );
}
