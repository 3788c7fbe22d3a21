import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import type { EventPlaces, WeekCount } from '../../../../shared/contracts/admin';
import { formatDate } from '../../../../shared/domain/mexico-dates';

// Only the pieces drawn here, so the admin chunk carries bars and nothing else of Chart.js.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

// The site's accent (styles.css) and a lighter tint of it.
const ACCENT = '#b4233c';
const SOFT = '#f0b3bf';
const FREE = '#e2e8f0';

const weekLabel = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A canvas drawn by Chart.js; `summary` is what a screen reader hears instead of the picture. */
function ChartCanvas({
  config,
  summary,
  height,
}: {
  config: ChartConfiguration<'bar'>;
  summary: string;
  height: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="relative w-full" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}

/** Sign-ups or matches per week, oldest first, the current week last. */
export function WeeklyChart({ title, weeks }: { title: string; weeks: WeekCount[] }) {
  const labels = useMemo(
    () => weeks.map((week) => weekLabel.format(new Date(`${week.week}T12:00:00Z`))),
    [weeks],
  );
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const last = weeks.at(-1)?.count ?? 0;
  const config = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels,
        datasets: [{ label: title, data: weeks.map((week) => week.count), backgroundColor: ACCENT }],
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    }),
    [labels, title, weeks],
  );
  return (
    <figure className="rounded border border-slate-200 bg-white p-3">
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-slate-600">
          Esta semana: <strong className="text-lg text-slate-900">{last}</strong> · 12 semanas: {total}
        </span>
      </figcaption>
      <ChartCanvas
        config={config}
        height={180}
        summary={`${title} por semana: ${weeks.map((week, index) => `${labels[index]}: ${week.count}`).join(', ')}`}
      />
    </figure>
  );
}

/** One upcoming event: per gender, confirmed, held without confirmation and free places, stacked. */
export function EventPlacesChart({ event }: { event: EventPlaces }) {
  const rows = useMemo(
    () => [
      { label: 'Mujeres', limit: event.limit_w, held: event.held_w, confirmed: event.confirmed_w },
      { label: 'Hombres', limit: event.limit_m, held: event.held_m, confirmed: event.confirmed_m },
    ],
    [event],
  );
  const config = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels: rows.map((row) => row.label),
        datasets: [
          { label: 'Confirmados', data: rows.map((row) => row.confirmed), backgroundColor: ACCENT },
          {
            label: 'Sin confirmar',
            data: rows.map((row) => row.held - row.confirmed),
            backgroundColor: SOFT,
          },
          {
            label: 'Libres',
            data: rows.map((row) => Math.max(0, row.limit - row.held)),
            backgroundColor: FREE,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
        scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } },
      },
    }),
    [rows],
  );
  return (
    <article aria-label={event.name} className="rounded border border-slate-200 bg-white p-3">
      <h3 className="font-semibold [overflow-wrap:anywhere]">
        <Link to={`/admin/event/${event.id}`} className="hover:underline">
          {event.name}
        </Link>
      </h3>
      <p className="text-sm text-slate-600">{event.day ? formatDate(event.day) : 'Sin fecha'}</p>
      <dl className="my-2 grid grid-cols-3 gap-2 text-center text-sm">
        <div>
          <dt className="text-xs text-slate-500">Mujeres</dt>
          <dd>
            <strong className="text-lg">{event.held_w}</strong>/{event.limit_w}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Hombres</dt>
          <dd>
            <strong className="text-lg">{event.held_m}</strong>/{event.limit_m}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Llegaron</dt>
          <dd>
            <strong className="text-lg">{event.checked_in}</strong>
          </dd>
        </div>
      </dl>
      <ChartCanvas
        config={config}
        height={130}
        summary={rows
          .map(
            (row) =>
              `${row.label}: ${row.confirmed} confirmados, ${row.held - row.confirmed} sin confirmar, ${Math.max(0, row.limit - row.held)} libres de ${row.limit}`,
          )
          .join('; ')}
      />
    </article>
  );
}
