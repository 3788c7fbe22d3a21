import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  isInterestPairs,
  isMatchDetails,
  isQuizPairDetails,
  isQuizPairs,
  type MatchPerson,
  QUIZ_SEARCH_CLIENTS,
  type QuizPerson,
} from '../../../../shared/contracts/admin-matches';
import { genderLabel } from '../../../../shared/domain/genders';
import { formatCalendarDate } from '../../../../shared/domain/mexico-dates';
import { answerOf } from '../../../api/client';
import { PersonPhoto } from '../../../components/person-photo';
import { PhotoGallery } from '../../../components/photo-gallery';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';
import { adminPost } from '../api';
import {
  type Banner,
  BannerSlot,
  bannerFrom,
  Cell,
  EmptyState,
  PageHeader,
  Pager,
  SearchBox,
  smallButton,
  Table,
  Tag,
} from '../components/admin-ui';
import { ContactedCheckbox } from '../components/contacted-checkbox';
import { useKeysetPages } from '../components/keyset-pages';

type Tab = 'interests' | 'quiz';

export function MatchesPage() {
  usePageTitle('Coincidencias');
  const [params, setParams] = useSearchParams();
  // In the address, so that an audit entry can link to a pair and 'back' keeps the view.
  const tab: Tab = params.get('tab') === 'quiz' ? 'quiz' : 'interests';
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [banner, setBanner] = useState<Banner>(null);
  return (
    <section>
      <PageHeader title="Coincidencias" />
      <BannerSlot banner={banner} />
      <SearchBox label="Buscar por nombre, correo o teléfono" value={search} onChange={setSearch} />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams(value === 'quiz' ? { tab: 'quiz' } : {}, { replace: true })}
      >
        <Tabs.List aria-label="Tipo de coincidencia" className="mb-4 flex gap-1 border-b border-slate-200">
          {(['interests', 'quiz'] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="border-b-2 border-transparent px-4 py-2 text-sm font-medium data-[state=active]:border-accent data-[state=active]:text-accent"
            >
              {value === 'interests' ? 'Intereses' : 'Cuestionario'}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="interests">
          <InterestsTab key={search.trim()} search={search.trim()} onBanner={setBanner} />
        </Tabs.Content>
        <Tabs.Content value="quiz">
          <QuizTab key={search.trim()} search={search.trim()} onBanner={setBanner} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

function InterestsTab({ search, onBanner }: { search: string; onBanner: (banner: Banner) => void }) {
  const queryClient = useQueryClient();
  const { page, cursor, go } = useKeysetPages();
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'matches', 'interests', search, page, cursor],
    queryFn: async () =>
      answerOf(
        await adminPost('admin/matches', { tab: 'interests', search: search || undefined, page, cursor }),
        isInterestPairs,
      ),
    placeholderData: keepPreviousData,
  });
  const contacted = useMutation({
    mutationFn: (change: { id: number; contacted: 0 | 1 }) => adminPost('admin/matches', change),
    onError: (error) => onBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'matches', 'interests'] }),
  });
  if (list.isPending) return <Spinner />;
  if (list.isError) return null;
  const { matches, total, total_estimated, page_size, next_cursor } = list.data;
  if (matches.length === 0) return <EmptyState text="No hay intereses" />;
  return (
    <>
      <Table head={['Interés', '', 'Información', 'Contacto']}>
        {matches.map((match) => (
          <tr key={match.id}>
            <Cell label="Interés">
              <span className="flex items-center gap-2">
                <span className="flex shrink-0 -space-x-2">
                  <Thumbnail url={match.client_a_photo} name={match.client_a} />
                  <Thumbnail url={match.client_b_photo} name={match.client_b} />
                </span>
                <span>
                  <strong>{match.client_a}</strong> le interesa <strong>{match.client_b}</strong>
                </span>
              </span>
            </Cell>
            <Cell>{match.mutual ? <Tag tone="green">Es mutuo</Tag> : null}</Cell>
            <Cell label="Información">
              <button type="button" className={smallButton()} onClick={() => setOpenId(match.id)}>
                Ver información
              </button>
            </Cell>
            <Cell label="Contacto">
              <ContactedCheckbox
                checked={match.contacted === 1}
                disabled={contacted.isPending}
                onChange={(checked) => contacted.mutate({ id: match.id, contacted: checked ? 1 : 0 })}
              />
            </Cell>
          </tr>
        ))}
      </Table>
      <Pager
        page={page}
        pageSize={page_size}
        total={total}
        estimated={total_estimated}
        hasNext={Boolean(next_cursor)}
        onPage={(to) => go(to, next_cursor)}
      />
      <MatchInfoModal matchId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function MatchInfoModal({ matchId, onClose }: { matchId: number | null; onClose: () => void }) {
  const details = useQuery({
    queryKey: ['admin', 'matches', 'details', matchId],
    queryFn: async () =>
      answerOf(await adminPost('admin/matches', { match_id: matchId ?? undefined }), isMatchDetails),
    enabled: matchId !== null,
  });
  return (
    <Modal
      open={matchId !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Información de la coincidencia"
    >
      {details.data ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonCard person={details.data.match.client_a} />
          <PersonCard person={details.data.match.client_b} />
        </div>
      ) : details.isError ? null : (
        <Spinner />
      )}
    </Modal>
  );
}

function Thumbnail({ url, name }: { url: string | null; name: string }) {
  return (
    <PersonPhoto
      photo={url === null ? null : { url }}
      alt={`Foto de ${name}`}
      sizes="40px"
      width={40}
      height={40}
      className="size-10 rounded-full ring-2 ring-white"
    />
  );
}

function PersonCard({ person }: { person: MatchPerson }) {
  const rows: [string, string][] = [
    ['Género', genderLabel(person.gender)],
    ['Edad', person.age === null ? '' : `${person.age} años`],
    ['Fecha de nacimiento', formatCalendarDate(person.birthday ?? '')],
    ['Correo', person.email],
    ['Teléfono', person.phone],
    ['Instagram', person.instagram],
    ['Descripción', person.description],
  ];
  return (
    <div className="rounded border border-slate-200 p-3 text-sm">
      <h3 className="mb-2 font-semibold">{person.name}</h3>
      <div className="mb-3">
        {person.photos.length > 0 ? (
          <PhotoGallery
            photos={person.photos}
            name={person.name}
            sizes="(min-width: 640px) 220px, calc(100vw - 4rem)"
          />
        ) : (
          <p className="text-xs text-slate-500">Sin fotos aprobadas</p>
        )}
      </div>
      <dl className="space-y-1">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="break-words">{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function QuizTab({ search, onBanner }: { search: string; onBanner: (banner: Banner) => void }) {
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
        {genderLabel(person.gender)} · {person.age ?? '—'} años · {person.phone || 'sin teléfono'}
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
