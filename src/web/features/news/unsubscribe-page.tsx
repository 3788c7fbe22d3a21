import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { messageAnswer } from '../../../shared/contracts/common';
import { ApiError } from '../../api/client';
import { Alert, ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../components/use-page-title';

/**
 * /novedades/baja: the link of a news e-mail. Opening it changes nothing (mail scanners open
 * every link); the button posts the signed link, with no need to log in.
 */
export function UnsubscribePage() {
  usePageTitle('Dejar de recibir novedades');
  const [params] = useSearchParams();
  const unsubscribe = useMutation({
    mutationFn: async () => {
      const response = await fetch(
        `/api/news/unsubscribe?${new URLSearchParams({ c: params.get('c') ?? '', t: params.get('t') ?? '' })}`,
        {
          method: 'POST',
        },
      );
      const answer = await response.json();
      if (!response.ok) throw new ApiError('danger', String(answer.message), response.status);
      return messageAnswer.parse(answer);
    },
  });
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-10">
      <h1 className="text-3xl font-bold">Novedades de eventos</h1>
      {unsubscribe.isSuccess ? (
        <Alert status="success" message={unsubscribe.data.message} />
      ) : (
        <>
          <p>¿Ya no quieres recibir correos con las noches nuevas de Cita?</p>
          <ErrorAlert error={unsubscribe.error} />
          <Button type="button" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
            Dejar de recibir novedades
          </Button>
        </>
      )}
    </section>
  );
}
