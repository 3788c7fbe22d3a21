import { formatDate, formatTime } from '../../../shared/domain/mexico-dates';
import { dayInMexicoCity, mexicoDayAndHour } from '../../../shared/domain/mexico-time';

/**
 * How a conversation dates its messages, in Mexico City time wherever the phone is: the day
 * separators read "Hoy", "Ayer" or the date; a message shows its hour.
 */
export function messageDay(sentAt: string): string {
  return mexicoDayAndHour(new Date(sentAt)).day;
}

function previousDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}

/** The separator above the first message of `day` ('YYYY-MM-DD' in Mexico City). */
export function dayLabel(day: string, now: Date = new Date()): string {
  const today = dayInMexicoCity(now);
  if (day === today) return 'Hoy';
  if (day === previousDay(today)) return 'Ayer';
  return formatDate(day, now);
}

/** A message's hour: '8:05 p.m.'. */
export function messageTime(sentAt: string): string {
  return formatTime(mexicoDayAndHour(new Date(sentAt)).hour);
}

/** The list's time of a last message: its hour today, "Ayer", else the date. */
export function lastMessageWhen(sentAt: string, now: Date = new Date()): string {
  const day = messageDay(sentAt);
  return day === dayInMexicoCity(now) ? messageTime(sentAt) : dayLabel(day, now);
}
