import { X } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { markOfferAnswered, type PushOfferReason, takePushOffer } from './offer-flag';
import { PermissionRefused, PUSH_DENIED, subscribeThisDevice } from './this-device';

const OFFER_TEXT: Record<PushOfferReason, string> = {
  'sign-up': 'Te avisamos si se libera un lugar, si tu pago está por vencer y un día antes del evento.',
  match: 'Te avisamos cuando tengas un nuevo match o un mensaje, aunque no tengas Cita abierta.',
};

/**
 * "¿Te avisamos?": shown once after a sign-up or a first match, never on a plain visit. The
 * browser's permission is asked only when she presses "Activar".
 */
export function PushOffer() {
  const [reason, setReason] = useState<PushOfferReason | null>(null);
  // Taken after the first render (the server that rendered the page cannot see this device's
  // storage), but before the browser paints it: arriving a frame after her places, the offer moved
  // «Pagar» from under her thumb as she tapped it.
  useLayoutEffect(() => {
    const earned = takePushOffer();
    if (earned) setReason(earned);
  }, []);
  const [state, setState] = useState<'open' | 'busy' | 'done' | 'denied' | 'failed' | 'closed'>('open');
  if (reason === null || state === 'closed') return null;
  const activate = async () => {
    markOfferAnswered();
    setState('busy');
    try {
      await subscribeThisDevice();
      setState('done');
    } catch (error) {
      setState(error instanceof PermissionRefused ? 'denied' : 'failed');
    }
  };
  if (state === 'done') return <Alert status="success" message="Listo: te avisaremos en este dispositivo." />;
  if (state === 'denied') return <Alert status="warning" message={PUSH_DENIED} />;
  if (state === 'failed') {
    return (
      <Alert
        status="warning"
        message="No pudimos activar los avisos. Puedes intentarlo en Configuración, en Notificaciones."
      />
    );
  }
  return (
    <aside
      aria-labelledby="te-avisamos"
      className="relative mb-6 rounded-2xl bg-accent-soft p-4 pr-10 ring-1 ring-accent/20"
    >
      <button
        type="button"
        aria-label="Ahora no"
        className="absolute top-2 right-2 rounded-full p-1.5 hover:bg-black/5"
        onClick={() => {
          markOfferAnswered();
          setState('closed');
        }}
      >
        <X className="size-4" aria-hidden />
      </button>
      <h2 id="te-avisamos" className="font-semibold">
        ¿Te avisamos?
      </h2>
      <p className="mt-1 text-sm">{OFFER_TEXT[reason]}</p>
      <Button className="mt-3" disabled={state === 'busy'} onClick={activate}>
        {state === 'busy' ? 'Un momento…' : 'Activar'}
      </Button>
    </aside>
  );
}
