import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditGetResponse } from '../../../../shared/contracts/admin';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';
import { adminPost } from '../api';
import { BannerSlot, bannerFrom, EmptyState, PageHeader, Pager, Table } from '../components/admin-ui';

const dateTime = new Intl.DateTimeFormat('es-MX', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Mexico_City',
});

export function AuditPage() {
  usePageTitle('Auditoría');
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: ['admin', 'audit', page],
    queryFn: () => adminPost<AuditGetResponse>('admin/audit/get', { page }),
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <PageHeader title="Auditoría" />
      {audit.isPending ? (
        <Spinner />
      ) : audit.isError ? (
        <BannerSlot banner={bannerFrom(audit.error)} />
      ) : audit.data.entries.length === 0 ? (
        <EmptyState text="No hay acciones registradas" />
      ) : (
        <>
          <Table head={['Fecha', 'Administrador', 'Acción', 'Registro', 'Cambio']}>
            {audit.data.entries.map((entry) => (
              <tr key={entry.id}>
                <td className="px-3 py-2 whitespace-nowrap">{dateTime.format(new Date(entry.created_at))}</td>
                <td className="px-3 py-2">{entry.admin_name ?? '—'}</td>
                <td className="px-3 py-2 font-mono text-xs">{entry.action}</td>
                <td className="px-3 py-2">
                  {entry.entity} {entry.entity_id ?? ''}
                </td>
                <td className="max-w-md px-3 py-2 font-mono text-xs break-all text-slate-600">
                  {entry.after_json}
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={page} pageSize={audit.data.page_size} total={audit.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
