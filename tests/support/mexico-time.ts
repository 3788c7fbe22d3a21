/** 'YYYY-MM-DD' and 'HH:MM' of an instant, Mexico City wall-clock time (how events store it). */
export function mexicoDayAndHour(at: Date): { day: string; hour: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Mexico_City',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: `${parts.hour}:${parts.minute}` };
}
