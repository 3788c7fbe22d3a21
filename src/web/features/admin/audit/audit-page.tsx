import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatInstant } from '../../../../shared/domain/mexico-dates';
import { adminPost } from '../../../api/admin';
import { BannerSlot, bannerFrom, EmptyState, PageHeader, Pager } from '../../../components/admin/admin-ui';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';

function linkLabel(link: string): string {
  if (link.startsWith('/admin/event/')) return 'Ver evento';
  if (link.startsWith('/admin/clients')) return 'Ver cliente';
  if (link.startsWith('/admin/matches')) return 'Ver coincidencia';
  if (link.startsWith('/admin/reportes')) return 'Ver reportes';
  return 'Ver administrador';
}

/** The audit trail as sentences ('Ana aprobó el anuncio de Lucía R.'), newest first, each linking to what changed. */
export function AuditPage() {
  usePageTitle('Auditoría');
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: ['admin', 'audit', page],
    queryFn: () => adminPost('admin/audit/get', { page }),
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
          <ol
            aria-label="Acciones registradas"
            className="divide-y divide-slate-100 rounded border border-slate-200 bg-white"
          >
            {audit.data.entries.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:items-baseline sm:gap-4"
              >
                <time dateTime={entry.created_at} className="shrink-0 text-xs text-slate-500 sm:w-44">
                  {formatInstant(entry.created_at)}
                </time>
                <p className="[overflow-wrap:anywhere]">
                  {entry.sentence}{' '}
                  {entry.link ? (
                    <Link to={entry.link} className="text-accent underline">
                      {linkLabel(entry.link)}
                    </Link>
                  ) : null}
                </p>
              </li>
            ))}
          </ol>
          <Pager page={page} pageSize={audit.data.page_size} total={audit.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
