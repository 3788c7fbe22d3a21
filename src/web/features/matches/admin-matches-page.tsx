import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isInterestPairs, isMatchDetails, type MatchPerson } from '../../../shared/contracts/admin-matches';
import { genderLabel } from '../../../shared/domain/genders';
import { formatCalendarDate } from '../../../shared/domain/mexico-dates';
import { formatPhone } from '../../../shared/domain/phone-display';
import { adminPost } from '../../api/admin';
import { answerOf } from '../../api/client';
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
} from '../../components/admin/admin-ui';
import { ContactedCheckbox } from '../../components/admin/contacted-checkbox';
import { useKeysetPages } from '../../components/admin/keyset-pages';
import { PersonPhoto } from '../../components/person-photo';
import { PhotoGallery } from '../../components/photo-gallery';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { VerifiedBadges } from '../../components/ui/verified-badges';
import { usePageTitle } from '../../components/use-page-title';
import { QuizPairsTab } from '../compatibility/admin-quiz-pairs-tab';

type Tab = 'interests' | 'quiz';

/** /admin/matches, «Coincidencias»: the interest pairs and, in a second tab, the quiz pairs (compatibility). */
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
          <QuizPairsTab key={search.trim()} search={search.trim()} onBanner={setBanner} />
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
                  <strong>{match.client_a}</strong>{' '}
                  <VerifiedBadges verified={match.client_a_verified} gender={match.client_a_gender} compact />{' '}
                  le interesa <strong>{match.client_b}</strong>{' '}
                  <VerifiedBadges verified={match.client_b_verified} gender={match.client_b_gender} compact />
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
    ['Teléfono', formatPhone(person.phone)],
    ['Instagram', person.instagram],
    ['Descripción', person.description],
  ];
  return (
    <div className="rounded border border-slate-200 p-3 text-sm">
      <h3 className="font-semibold">{person.name}</h3>
      <div className="mb-2">
        <VerifiedBadges verified={person.verified} gender={person.gender} />
      </div>
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
