import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { VerificationStartAnswer } from '../../../shared/contracts/verification';
import { CHALLENGE_MINUTES, GESTURE_LABELS, SELFIE_DAYS } from '../../../shared/domain/verification';
import { apiPost } from '../../api/client';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { VerifiedBadges } from '../../components/ui/verified-badges';
import { usePageTitle } from '../../components/use-page-title';

const VERIFICATION_KEY = ['verification'];

/** The consent text (LFPDPPP: express consent for sensitive data), shown before the camera opens. */
const CONSENT_TEXT = [
  'Para darte «Foto verificada» tomamos dos selfies con la cámara de este dispositivo, cada una con un gesto que te pedimos.',
  'Un programa que corre en nuestro propio servidor (ninguna imagen sale de él) compara tu rostro en las selfies con tus fotos aprobadas, y una persona del equipo decide. Son datos biométricos: datos personales sensibles.',
  `Borramos las selfies al decidir, y a más tardar a los ${SELFIE_DAYS} días. Guardamos la decisión, su fecha, los gestos, las puntuaciones y qué fotos se verificaron.`,
  'Puedes retirar tu consentimiento cuando quieras en esta página: borramos tus selfies y el distintivo al momento.',
];

/** /verificacion (docs/design/27-verified.md): her marks, and «Foto verificada» by two live selfies. */
export function VerificationPage() {
  usePageTitle('Verificación');
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: VERIFICATION_KEY,
    queryFn: () => apiPost('client/verification/get', {}),
    // While the engine reads her selfies the answer says so; it is asked again until it has read them.
    refetchInterval: (query) => (query.state.data?.photo.checking ? 1000 : false),
  });
  const [challenge, setChallenge] = useState<VerificationStartAnswer | null>(null);
  const [consent, setConsent] = useState(false);
  const start = useMutation({
    mutationFn: () => apiPost('client/verification/start', { consent: true }),
    onSuccess: setChallenge,
  });
  const withdraw = useMutation({
    mutationFn: () => apiPost('client/verification/delete', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY }),
  });

  if (status.isPending) return <Spinner label="Cargando…" />;
  if (status.isError) return <ErrorAlert error={status.error} />;
  const { in_person: inPerson, photo } = status.data;

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Verificación</h1>
      <VerifiedBadges
        verified={{ in_person: inPerson?.month ?? null, photo: photo.status === 'verified' }}
        gender={0}
      />
      <p className="text-muted">
        {inPerson
          ? `El equipo te vio en persona en «${inPerson.event}».`
          : 'En tu próxima noche, el equipo de la entrada puede verificarte en persona.'}
      </p>

      {photo.status === 'pending' ? (
        <Alert
          status="success"
          message={
            photo.checking
              ? 'Estamos revisando tus selfies…'
              : 'Recibimos tus selfies: una persona del equipo las revisará pronto.'
          }
        />
      ) : null}
      {photo.status === 'rejected' && photo.reason ? <Alert status="warning" message={photo.reason} /> : null}
      {photo.status === 'verified' ? <Alert status="success" message="Tu foto está verificada." /> : null}

      {challenge ? (
        <SelfieCamera
          challenge={challenge}
          onDone={() => {
            setChallenge(null);
            void queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY });
          }}
        />
      ) : photo.status !== 'pending' ? (
        <div className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-black/5">
          <h2 className="text-xl font-semibold">Verifica tu foto</h2>
          {CONSENT_TEXT.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <label className="flex min-h-11 items-start gap-3 font-medium">
            <input
              type="checkbox"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              className="mt-1 size-5 shrink-0"
            />
            Doy mi consentimiento expreso para el tratamiento de mis datos biométricos con este fin.
          </label>
          <Button disabled={!consent || start.isPending} onClick={() => start.mutate()}>
            Abrir la cámara
          </Button>
          {start.isError ? <ErrorAlert error={start.error} /> : null}
        </div>
      ) : null}

      {photo.status !== 'none' ? (
        <div className="flex flex-col gap-2">
          <Button variant="secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
            Retirar mi consentimiento y borrar mis selfies
          </Button>
          {withdraw.isSuccess ? <Alert status="success" message={withdraw.data.message} /> : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The camera only (getUserMedia, no file picker): one photo per gesture, guided one at a time.
 * The challenge lasts 10 minutes; the server checks the gestures, not this page.
 */
function SelfieCamera({ challenge, onDone }: { challenge: VerificationStartAnswer; onDone: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [shots, setShots] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: (images: [string, string]) =>
      apiPost('client/verification/add', { challenge_id: challenge.challenge_id, images }),
    onSuccess: onDone,
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then((opened) => {
        stream = opened;
        if (video.current) {
          video.current.srcObject = opened;
          void video.current.play();
        }
      })
      .catch(() =>
        setError('No pudimos abrir la cámara: permite el acceso a la cámara y vuelve a intentarlo.'),
      );
    return () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const take = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    const shot = canvas.toDataURL('image/jpeg', 0.9);
    const next = [...shots, shot];
    setShots(next);
    if (next.length === 2) send.mutate([next[0]!, next[1]!]);
  };

  const step = Math.min(shots.length, 1);
  const gesture = challenge.gestures[step]!;
  return (
    <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-black/5">
      <p className="text-sm text-muted">
        Foto {step + 1} de 2 · tienes {CHALLENGE_MINUTES} minutos
      </p>
      <p className="text-xl font-semibold">{GESTURE_LABELS[gesture]}</p>
      {error ? <Alert status="warning" message={error} /> : null}
      <video
        ref={video}
        muted
        playsInline
        aria-label="Vista de la cámara"
        className="aspect-[3/4] w-full rounded-xl bg-black object-cover"
      />
      {send.isPending ? (
        <Spinner label="Enviando…" />
      ) : (
        <Button disabled={error !== null || shots.length >= 2} onClick={take}>
          Tomar la foto {step + 1}
        </Button>
      )}
      {send.isError ? <ErrorAlert error={send.error} /> : null}
    </div>
  );
}
