import { useQuery } from '@tanstack/react-query';
import {
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import type { AdminRatingTrendAnswer } from '../../../../shared/contracts/organizer';
import { formatCalendarDate } from '../../../../shared/domain/mexico-dates';
import { adminPost } from '../../../api/admin';
import { sessionHint } from '../../../api/client';
import { BannerSlot, bannerFrom } from '../../../components/admin/admin-ui';

Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

// The site's accent first, then colours told apart by most eyes.
const COLOURS = ['#b4233c', '#1d4ed8', '#047857', '#b45309', '#6d28d9', '#0f766e'];

function trendConfig(venues: AdminRatingTrendAnswer['venues']): ChartConfiguration<'line'> {
  const days = [...new Set(venues.flatMap((venue) => venue.nights.map((night) => night.day)))].sort();
  return {
    type: 'line',
    data: {
      labels: days.map(formatCalendarDate),
      datasets: venues.map((venue, index) => {
        const byDay = new Map(venue.nights.map((night) => [night.day, night.average]));
        const colour = COLOURS[index % COLOURS.length];
        return {
          label: venue.venue,
          data: days.map((day) => byDay.get(day) ?? null),
          borderColor: colour,
          backgroundColor: colour,
          spanGaps: true,
        };
      }),
    },
    options: {
      maintainAspectRatio: false,
      scales: { y: { min: 1, max: 5, ticks: { stepSize: 1 } } },
      plugins: { legend: { position: 'bottom' } },
    },
  };
}

/** The dashboard's "¿Cómo estuvo la noche?": each venue's average per night, over time. */
export function RatingTrend() {
  const trend = useQuery({
    queryKey: ['admin', 'ratings', 'trend'],
    queryFn: () => adminPost('admin/ratings/trend', { admin_id: sessionHint('admin') ?? undefined }),
  });
  const venues = trend.data?.venues;
  const config = useMemo(() => (venues ? trendConfig(venues) : null), [venues]);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current || !config) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  const summary = (venues ?? [])
    .map((venue) => `${venue.venue}: última noche ${venue.nights.at(-1)?.average.toFixed(1)} de 5`)
    .join('; ');
  return (
    <section
      aria-labelledby="rating-trend"
      className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-4"
    >
      <h2 id="rating-trend" className="text-lg font-semibold">
        Calificaciones por lugar
      </h2>
      {trend.isError ? <BannerSlot banner={bannerFrom(trend.error)} /> : null}
      {venues && venues.length === 0 ? (
        <p className="text-sm text-slate-600">Todavía no hay noches calificadas.</p>
      ) : null}
      {venues && venues.length > 0 ? (
        <>
          <div className="relative w-full" style={{ height: 220 }}>
            <canvas ref={canvas} role="img" aria-label={`Promedio de calificación por noche. ${summary}`} />
          </div>
          <p className="text-sm text-slate-600">{summary}</p>
        </>
      ) : null}
    </section>
  );
}
