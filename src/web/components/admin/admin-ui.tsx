import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { EnvelopeStatus } from '../../../shared/contracts/common';
import { totalLabel } from '../../../shared/domain/totals';
import { errorMessage, errorStatus } from '../../api/client';
import { Alert } from '../ui/alert';

export type Banner = { status: EnvelopeStatus; message: string } | null;

export function bannerFrom(error: unknown): Banner {
  return { status: errorStatus(error), message: errorMessage(error) };
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

export function BannerSlot({ banner }: { banner: Banner }) {
  return banner ? (
    <div className="mb-4">
      <Alert {...banner} />
    </div>
  ) : null;
}

/**
 * A form's one feedback, placed beside the button that was pressed: on a phone the top of a long
 * form is screens away. It is scrolled into view and focused when it appears, so a screen reader
 * reads it too.
 */
export function ButtonFeedback({ banner }: { banner: Banner }) {
  const box = useRef<HTMLDivElement>(null);
  // By its text, not its object: a parent's re-render must not take the focus back.
  const shown = banner ? `${banner.status}:${banner.message}` : null;
  useEffect(() => {
    if (shown === null) return;
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.focus({ preventScroll: true });
  }, [shown]);
  return banner ? (
    <div ref={box} tabIndex={-1} className="outline-none">
      <Alert {...banner} />
    </div>
  ) : null;
}

export function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="relative mb-4 block max-w-md">
      <span className="sr-only">{label}</span>
      <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden />
      <input
        type="search"
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm"
      />
    </label>
  );
}

/**
 * Server-side paging: 'Anterior' / 'Siguiente'. Past 10 000 rows the server stops counting
 * (`estimated`): the number of pages is then a lower bound and 'Siguiente' stays open.
 */
export function Pager({
  page,
  pageSize,
  total,
  estimated,
  hasNext,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  estimated?: boolean | undefined;
  /** Known from a keyset answer (its next_cursor); otherwise from the total. */
  hasNext?: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const nextOpen = hasNext ?? (page < pages || Boolean(estimated));
  if (page <= 1 && !nextOpen) return null;
  return (
    <nav aria-label="Paginación" className="mt-4 flex items-center gap-3 text-sm">
      <button type="button" className={smallButton()} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </button>
      <span>
        Página {page} de {totalLabel(pages, estimated)} · {totalLabel(total, estimated)} en total
      </span>
      <button type="button" className={smallButton()} disabled={!nextOpen} onClick={() => onPage(page + 1)}>
        Siguiente
      </button>
    </nav>
  );
}

export function smallButton(variant: 'default' | 'primary' | 'danger' = 'default'): string {
  return clsx(
    'inline-flex items-center gap-1 rounded px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50',
    variant === 'default' && 'border border-slate-300 bg-white hover:bg-slate-100',
    variant === 'primary' && 'bg-accent text-white hover:bg-accent-dark',
    variant === 'danger' && 'bg-red-700 text-white hover:bg-red-800',
  );
}

/**
 * A table on a wide screen; below `lg` each row is a stacked card (thead hidden, every cell a
 * labelled block), so no column and no action ends up off-screen on a phone (docs/design/14-back-office.md).
 */
export function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="rounded border border-slate-200 bg-white lg:overflow-x-auto">
      <table className="block w-full text-left text-sm lg:table">
        <thead className="hidden bg-slate-100 text-xs text-slate-600 uppercase lg:table-header-group">
          <tr>
            {head.map((cell, index) => (
              <th key={cell || index} scope="col" className="px-3 py-2">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200 lg:table-row-group lg:divide-slate-100 [&>tr]:block [&>tr]:py-2 lg:[&>tr]:table-row lg:[&>tr]:py-0">
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** One cell; on a phone its column name is shown above the value. */
export function Cell({
  label,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children?: ReactNode;
}) {
  // break-word, not anywhere: in a wide screen's table, anywhere lets the layout squeeze a
  // column below its longest word and cut names inside words; the table scrolls instead.
  return (
    <td className={clsx('block px-3 py-1 wrap-break-word lg:table-cell lg:py-2', className)}>
      {label ? (
        <span className="block text-xs font-semibold text-slate-500 uppercase lg:hidden">{label}</span>
      ) : null}
      {children}
    </td>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
      {text}
    </p>
  );
}

export function Tag({
  children,
  tone = 'slate',
}: {
  children: ReactNode;
  tone?: 'slate' | 'red' | 'amber' | 'green';
}) {
  return (
    <span
      className={clsx(
        'inline-block rounded px-2 py-0.5 text-xs font-semibold',
        tone === 'slate' && 'bg-slate-200 text-slate-800',
        tone === 'red' && 'bg-red-100 text-red-800',
        tone === 'amber' && 'bg-amber-100 text-amber-900',
        tone === 'green' && 'bg-emerald-100 text-emerald-900',
      )}
    >
      {children}
    </span>
  );
}
