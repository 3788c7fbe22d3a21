import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  isQuizPairDetails,
  isQuizPairs,
  QUIZ_SEARCH_CLIENTS,
  type QuizPerson,
} from '../../../shared/contracts/admin-matches';
import { genderLabel } from '../../../shared/domain/genders';
import { formatPhone } from '../../../shared/domain/phone-display';
import { adminPost } from '../../api/admin';
import { answerOf } from '../../api/client';
import {
  type Banner,
  bannerFrom,
  Cell,
  EmptyState,
  Pager,
  smallButton,
  Table,
} from '../../components/admin/admin-ui';
import { ContactedCheckbox } from '../../components/admin/contacted-checkbox';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';

/** The admin's quiz tab: the compatibility engine's pairs, their answers and the contacted mark. */
export function QuizPairsTab({ search, onBanner }: { search: string; onBanner: (banner: Banner) => void }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ client_a: number; client_b: number } | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'matches', 'quiz', search, page],
    queryFn: async () =>
      answerOf(
        await adminPost('admin/matches', { tab: 'quiz', search: search || undefined, page }),
        isQuizPairs,
      ),
    placeholderData: keepPreviousData,
  });
  const contacted = useMutation({
    mutationFn: (change: { client_a: number; client_b: number; contacted: 0 | 1 }) =>
      adminPost('admin/matches', { quiz_contacted: change }),
    onError: (error) => onBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'matches', 'quiz'] }),
  });
  if (list.isPending) return <Spinner />;
  if (list.isError) return null;
  const { quiz_pairs, total, total_estimated, page_size, unpaired, search_limited } = list.data;
  const scope = total_estimated ? (
    <p className="text-sm text-slate-600">
      Los {total.toLocaleString('es-MX')} pares más afines del sitio. Busca a una persona para ver sus pares.
    </p>
  ) : search_limited ? (
    <p className="text-sm text-slate-600">
      La búsqueda coincide con más de {QUIZ_SEARCH_CLIENTS} personas: se muestran los pares de las{' '}
      {QUIZ_SEARCH_CLIENTS} más recientes. Escribe más del nombre, el correo o el teléfono.
    </p>
  ) : null;
  const unpairedList =
    unpaired.length > 0 ? (
      <ul className="flex flex-col gap-1 text-sm" aria-label="Sin pares compatibles">
        {unpaired.map((person) => (
          <li key={person.client_id}>
            <strong>{person.name}</strong>: contestó el quiz. Sin pares compatibles.
          </li>
        ))}
      </ul>
    ) : null;
  if (quiz_pairs.length === 0) {
    return unpairedList ?? <EmptyState text="No hay cuestionarios respondidos" />;
  }
  return (
    <>
      {scope}
      {unpairedList}
      <Table head={['Pareja', 'Compatibilidad', 'Respuestas', 'Contacto']}>
        {quiz_pairs.map((pair) => (
          <tr key={`${pair.client_a}-${pair.client_b}`}>
            <Cell label="Pareja">
              <strong>{pair.client_a_name}</strong> y <strong>{pair.client_b_name}</strong>
            </Cell>
            <Cell label="Compatibilidad" className="font-semibold">
              {pair.percent}%
            </Cell>
            <Cell label="Respuestas">
              <button
                type="button"
                className={smallButton()}
                onClick={() => setOpen({ client_a: pair.client_a, client_b: pair.client_b })}
              >
                Ver respuestas
              </button>
            </Cell>
            <Cell label="Contacto">
              <ContactedCheckbox
                checked={pair.contacted === 1}
                disabled={contacted.isPending}
                onChange={(checked) =>
                  contacted.mutate({
                    client_a: pair.client_a,
                    client_b: pair.client_b,
                    contacted: checked ? 1 : 0,
                  })
                }
              />
            </Cell>
          </tr>
        ))}
      </Table>
      <Pager page={page} pageSize={page_size} total={total} onPage={setPage} />
      <QuizAnswersModal pair={open} onClose={() => setOpen(null)} />
    </>
  );
}

function QuizAnswersModal({
  pair,
  onClose,
}: {
  pair: { client_a: number; client_b: number } | null;
  onClose: () => void;
}) {
  const details = useQuery({
    queryKey: ['admin', 'matches', 'quiz-pair', pair?.client_a, pair?.client_b],
    queryFn: async () =>
      answerOf(await adminPost('admin/matches', { quiz_pair: pair ?? undefined }), isQuizPairDetails),
    enabled: pair !== null,
  });
  return (
    <Modal
      open={pair !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Respuestas del cuestionario"
    >
      {details.data ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <QuizPersonCard person={details.data.quiz_pair.client_a} />
          <QuizPersonCard person={details.data.quiz_pair.client_b} />
        </div>
      ) : details.isError ? null : (
        <Spinner />
      )}
    </Modal>
  );
}

function QuizPersonCard({ person }: { person: QuizPerson }) {
  return (
    <div className="rounded border border-slate-200 p-3 text-sm">
      <h3 className="font-semibold">{person.name}</h3>
      <p className="mb-2 text-slate-600">
        {genderLabel(person.gender)} · {person.age ?? '—'} años ·{' '}
        {person.phone ? formatPhone(person.phone) : 'sin teléfono'}
      </p>
      <ol className="space-y-1">
        {person.answers.map((answer) => (
          <li key={answer.question}>
            <span className="block text-xs text-slate-500">{answer.question}</span>
            {answer.answer}
          </li>
        ))}
      </ol>
    </div>
  );
}
