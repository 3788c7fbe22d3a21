import { Switch } from 'radix-ui';
import { useState } from 'react';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '../../../shared/domain/notification-kinds';
import { errorMessage } from '../../api/client';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { usePushPreferences, useThisDeviceSwitch, useUpdatePushPreference } from './api';
import { PermissionRefused, PUSH_DENIED, PUSH_UNSUPPORTED, pushSupport } from './this-device';

const PUSH_FAILED = 'No pudimos activar los avisos en este dispositivo. Intenta de nuevo en un momento.';

/** /configuracion's "Notificaciones": this device on or off, and each kind on or off. */
export function NotificationSettings() {
  const preferences = usePushPreferences();
  const update = useUpdatePushPreference();
  // The switch last changed: its outcome is said beside it, not at the top of the list.
  const [changed, setChanged] = useState<NotificationKind | null>(null);
  const outcome = update.isSuccess
    ? 'Guardado'
    : update.isError
      ? `No se guardó. ${errorMessage(update.error)}`
      : '';
  if (preferences.isPending) return <Spinner label="Cargando tus avisos…" />;
  if (preferences.isError) return <ErrorAlert error={preferences.error} />;
  const { preferences: kinds, this_device: thisDevice } = preferences.data;
  return (
    <div className="flex flex-col gap-5">
      <ThisDevice subscribed={thisDevice} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm text-muted">Qué avisos quieres recibir en tus dispositivos:</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <div key={kind} className="flex items-center justify-between gap-4">
            <label htmlFor={`aviso-${kind}`} className="text-sm font-medium">
              {NOTIFICATION_KIND_LABELS[kind]}
            </label>
            {/* Always in the page, so a screen reader hears the word when it appears. */}
            <span
              id={`aviso-${kind}-estado`}
              role="status"
              className={`ml-auto text-xs ${update.isError ? 'text-red-700' : 'text-muted'}`}
            >
              {changed === kind ? outcome : ''}
            </span>
            <Switch.Root
              id={`aviso-${kind}`}
              checked={kinds[kind]}
              disabled={update.isPending}
              aria-describedby={`aviso-${kind}-estado`}
              onCheckedChange={(checked) => {
                setChanged(kind);
                update.mutate({ [kind]: checked });
              }}
              className="relative box-content h-6 w-11 shrink-0 rounded-full bg-black/20 bg-clip-content py-2.5 transition data-[state=checked]:bg-accent disabled:opacity-50"
            >
              <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
            </Switch.Root>
          </div>
        ))}
      </fieldset>
    </div>
  );
}

function ThisDevice({ subscribed }: { subscribed: boolean }) {
  const toggle = useThisDeviceSwitch();
  // Read at render: after a refusal the browser's permission has become 'denied'.
  const [support, setSupport] = useState(pushSupport);
  if (support === 'unsupported') return <Alert status="warning" message={PUSH_UNSUPPORTED} />;
  if (support === 'denied' && !subscribed) return <Alert status="warning" message={PUSH_DENIED} />;
  const press = () =>
    toggle.mutate(!subscribed, {
      onError: (error) => {
        if (error instanceof PermissionRefused) setSupport(pushSupport());
      },
    });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        {subscribed ? 'Este dispositivo recibe tus avisos.' : 'Este dispositivo no recibe avisos.'}
      </p>
      {toggle.isError && !(toggle.error instanceof PermissionRefused) ? (
        <Alert status="warning" message={PUSH_FAILED} />
      ) : null}
      <Button
        variant={subscribed ? 'secondary' : 'primary'}
        className="self-start"
        disabled={toggle.isPending}
        onClick={press}
      >
        {toggle.isPending
          ? 'Un momento…'
          : subscribed
            ? 'Desactivar en este dispositivo'
            : 'Activar en este dispositivo'}
      </Button>
    </div>
  );
}
