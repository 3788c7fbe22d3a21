import type { OfflineTicket } from '../../shared/contracts/tickets';
import { cityLabel } from '../../shared/domain/cities';
import { formatDateTime } from '../../shared/domain/mexico-dates';

/**
 * The pages the service worker answers a navigation with when there is no network (decision
 * 0038): /asistencias with the tickets kept on the phone, any other page a plain "Sin conexión".
 * Plain HTML with the site's stylesheet and no script: nothing on them pretends to work offline.
 */

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}

function pageHtml(title: string, stylesheets: string[], main: string): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`).join('');
  return `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<meta name="theme-color" content="#b4233c" />
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<link rel="manifest" href="/manifest.webmanifest" />
${links}
<title>${escapeHtml(title)} · Cita</title>
</head>
<body class="bg-cream text-ink antialiased">
<div class="flex min-h-dvh flex-col">
<header class="border-b border-black/5 bg-cream">
<nav aria-label="Principal" class="mx-auto flex max-w-6xl items-center px-4 py-3">
<a href="/" class="flex items-center gap-2 text-xl font-bold text-accent"><img src="/favicon.svg" alt="" class="size-6" /> Cita</a>
</nav>
</header>
<main class="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
<p role="status" class="rounded-xl bg-accent-soft px-4 py-3 text-sm font-semibold text-accent-dark">Sin conexión</p>
${main}
</main>
</div>
</body>
</html>`;
}

function ticketCard(ticket: OfflineTicket): string {
  const name = escapeHtml(ticket.name);
  // A copy kept by a version before short codes has none: the QR alone then, until the next visit.
  const doorCode: string | undefined = ticket.door_code;
  const place = [ticket.venue, ticket.address, cityLabel(ticket.city)]
    .filter(Boolean)
    .map(escapeHtml)
    .join(', ');
  return `<li>
<article aria-label="${name}" class="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-5">
<div>
<h2 class="font-semibold [overflow-wrap:anywhere]">${name}</h2>
<p class="text-sm text-muted">${escapeHtml(formatDateTime(ticket.day, ticket.hour))}</p>
${place ? `<p class="mt-1 text-sm text-muted [overflow-wrap:anywhere]">${place}</p>` : ''}
</div>
<figure class="flex flex-col items-center gap-2 rounded-xl border border-dashed border-black/20 p-4">
<div role="img" aria-label="Código QR de tu boleto para ${name}" class="bg-white">${ticket.qr_svg}</div>
<figcaption class="text-center">
<span class="block text-xs text-muted">Código del boleto</span>
${doorCode ? `<span class="font-mono text-2xl font-bold tracking-widest whitespace-nowrap">${escapeHtml(doorCode)}</span>` : ''}
</figcaption>
</figure>
</article>
</li>`;
}

/** /asistencias offline: her tickets still needed at the door, as kept when she was last online. */
export function offlineTicketsPage(
  tickets: OfflineTicket[],
  stylesheets: string[],
  now = new Date(),
): string {
  const current = tickets.filter((ticket) => Date.parse(ticket.ends_at) > now.getTime());
  const body = current.length
    ? `<p class="mt-4 text-muted">Tus boletos guardados en este teléfono. Muestra el código QR en la entrada.</p>
<ul class="mt-8 flex flex-col gap-4">${current.map(ticketCard).join('')}</ul>`
    : `<p class="mt-8 rounded-2xl bg-white p-8 text-center text-muted ring-1 ring-black/5">No hay boletos guardados en este teléfono. Cuando tengas conexión, abre Mis eventos con tu sesión iniciada para guardarlos.</p>`;
  return pageHtml(
    'Mis eventos',
    stylesheets,
    `<h1 class="mt-6 text-3xl font-bold">Mis eventos</h1>\n${body}`,
  );
}

/** Any other page offline: says so, and points to the one page that works without network. */
export function offlinePage(path: string, stylesheets: string[]): string {
  return pageHtml(
    'Sin conexión',
    stylesheets,
    `<h1 class="mt-6 text-3xl font-bold">No hay conexión a internet</h1>
<p class="mt-4 text-muted">Esta página necesita conexión. Tus boletos confirmados se pueden ver sin conexión en Mis eventos.</p>
<p class="mt-8 flex flex-wrap gap-3">
<a href="/asistencias" class="rounded-full bg-accent px-5 py-2 font-semibold text-white hover:opacity-90">Ver mis boletos</a>
<a href="${escapeHtml(path)}" class="rounded-full px-5 py-2 font-semibold text-accent ring-1 ring-accent">Reintentar</a>
</p>`,
  );
}
