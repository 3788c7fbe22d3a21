import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminClient, ClientsUpdateBody } from '../../../../shared/contracts/admin';
import { genderLabel } from '../../../../shared/domain/genders';
import { formatPhone } from '../../../../shared/domain/phone-display';
import { adminPost } from '../../../api/admin';
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
} from '../../../components/admin/admin-ui';
import { useKeysetPages } from '../../../components/admin/keyset-pages';
import { PersonPhoto } from '../../../components/person-photo';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { VerifiedBadges } from '../../../components/ui/verified-badges';
import { usePageTitle } from '../../../components/use-page-title';

const ADVERT_LABELS: Record<number, string> = { 1: 'Visible', 2: 'No se muestra' };

export function ClientsPage() {
  usePageTitle('Clientes');
  // An audit entry links here with ?search=<e-mail>.
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  return (
    <section>
      <PageHeader title="Clientes" />
      <SearchBox label="Buscar cliente por nombre, correo o teléfono" value={search} onChange={setSearch} />
      <ClientsTable key={search.trim()} search={search.trim()} />
    </section>
  );
}

function ClientsTable({ search }: { search: string }) {
  const queryClient = useQueryClient();
  const { page, cursor, go } = useKeysetPages();
  const [banner, setBanner] = useState<Banner>(null);
  const clients = useQuery({
    queryKey: ['admin', 'clients', search, page, cursor],
    queryFn: () => adminPost('admin/clients/get', { search: search || undefined, page, cursor }),
    placeholderData: keepPreviousData,
  });
  const update = useMutation({
    mutationFn: (body: ClientsUpdateBody) => adminPost('admin/clients/update', body),
    onSuccess: (response) => setBanner({ status: 'success', message: response.message }),
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'clients'] }),
  });

  if (clients.isPending) return <Spinner />;
  if (clients.isError) return <BannerSlot banner={bannerFrom(clients.error)} />;
  const { total, total_estimated, page_size, next_cursor } = clients.data;
  if (clients.data.clients.length === 0) return <EmptyState text="No hay clientes" />;
  const actions = (client: AdminClient) => (
    <div className="flex flex-wrap gap-2">
      {client.status_id === 1 ? (
        <ConfirmDialog
          trigger={
            <button type="button" className={smallButton('danger')} disabled={update.isPending}>
              Eliminar
            </button>
          }
          question={`¿Deseas eliminar este cliente: ${client.name}?`}
          onConfirm={() => update.mutate({ client: { id: client.id, status_id: 2 } })}
        />
      ) : (
        <ConfirmDialog
          trigger={
            <button type="button" className={smallButton()} disabled={update.isPending}>
              Reactivar
            </button>
          }
          question={`¿Deseas reactivar este cliente: ${client.name}?`}
          onConfirm={() => update.mutate({ client: { id: client.id, status_id: 1 } })}
        />
      )}
      {client.advert_id !== null && client.advert_status === 1 ? (
        <ConfirmDialog
          trigger={
            <button type="button" className={smallButton()} disabled={update.isPending}>
              Desactivar anuncio
            </button>
          }
          question={`¿Deseas desactivar el anuncio de ${client.name}?`}
          onConfirm={() =>
            update.mutate({
              advert: { id: client.advert_id as number, status_id: 2, description: client.description ?? '' },
            })
          }
        />
      ) : null}
    </div>
  );

  return (
    <>
      <BannerSlot banner={banner} />
      <Table head={['Nombre', 'Correo', 'Teléfono', 'Género', 'Edad', 'Estado', 'Anuncio', 'Acciones']}>
        {clients.data.clients.map((client) => (
          <tr key={client.id}>
            <Cell label="Nombre" className="font-medium">
              <div className="flex items-center gap-2">
                <PersonPhoto
                  photo={client.photo === null ? null : { url: client.photo }}
                  alt={`Foto de ${client.name}`}
                  sizes="40px"
                  width={40}
                  height={40}
                  className="size-10 shrink-0 rounded-full"
                />
                <div>
                  {client.name}
                  <VerifiedBadges verified={client.verified} gender={client.gender} />
                </div>
              </div>
            </Cell>
            <Cell label="Correo">{client.email}</Cell>
            <Cell label="Teléfono">{formatPhone(client.phone)}</Cell>
            <Cell label="Género">{genderLabel(client.gender)}</Cell>
            <Cell label="Edad">{client.age ?? '—'}</Cell>
            <Cell label="Estado">
              {client.status_id === 1 ? <Tag tone="green">Activo</Tag> : <Tag tone="red">Eliminado</Tag>}
            </Cell>
            <Cell label="Anuncio" className="max-w-xs">
              {client.advert_status ? <Tag>{ADVERT_LABELS[client.advert_status]}</Tag> : 'Sin anuncio'}
              {client.description ? (
                <p className="mt-1 line-clamp-2 text-xs text-slate-600">{client.description}</p>
              ) : null}
            </Cell>
            <Cell label="Acciones">{actions(client)}</Cell>
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
    </>
  );
}
