import type { EventDetails } from '../../shared/contracts/events';
import { CATEGORY_TITLES, isCategoryId } from '../../shared/domain/categories';
import { CITY_CODES, cityLabel } from '../../shared/domain/cities';
import { mexicoCityDateTime, mexicoCityIso, mexicoLocalToUtc } from '../../shared/domain/mexico-time';
import { findService, SERVICES } from '../../shared/domain/services';
import { EVENT_STATUS } from '../../shared/domain/statuses';

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical address, without query. */
  canonicalPath: string;
}

/** Public pages that search engines may list, with their Spanish title and description. */
export const PUBLIC_PAGES: Record<string, { title: string; description: string }> = {
  '/': {
    title: 'Cita: eventos para solteros en México',
    description:
      'Conoce gente nueva en eventos para solteros en la Ciudad de México: cenas, citas rápidas y actividades con personas afines.',
  },
  '/eventos': {
    title: 'Próximos eventos',
    description: 'Próximos eventos para solteros en México: fechas, horarios, precios y lugares disponibles.',
  },
  '/personas': {
    title: 'Personas',
    description: 'Anuncios de personas solteras de la comunidad Cita que quieren conocer a alguien.',
  },
  '/servicios': {
    title: 'Servicios',
    description: 'Los servicios de Cita para conocer pareja: eventos, citas organizadas y asesoría personal.',
  },
  '/nosotros': {
    title: 'Nosotros',
    description: 'Quiénes somos en Cita y cómo organizamos eventos seguros para conocer gente soltera.',
  },
  '/contacto': {
    title: 'Contacto',
    description: 'Escríbenos o llámanos: resolvemos tus dudas sobre los eventos y servicios de Cita.',
  },
  '/aviso-privacidad': {
    title: 'Aviso de privacidad',
    description: 'Cómo Cita trata y protege tus datos personales, y cómo ejercer tus derechos ARCO.',
  },
};

const FALLBACK_DESCRIPTION = PUBLIC_PAGES['/']!.description;

/**
 * Title, description and canonical path of a public address; null for pages outside the list.
 * The event lists' titles are the ones their headings show, with the city of `?ciudad=`: the page
 * is not hydrated, so its title is the server's.
 */
export function staticPageMeta(pathname: string, search = new URLSearchParams()): PageMeta | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const city = CITY_CODES.find((code) => code === search.get('ciudad'));
  const inCity = (title: string) => (city ? `${title} en ${cityLabel(city)}` : title);
  const page = PUBLIC_PAGES[path];
  if (page)
    return { ...page, title: path === '/eventos' ? inCity(page.title) : page.title, canonicalPath: path };
  const category = /^\/eventos\/([^/]+)$/.exec(path)?.[1];
  if (category) {
    const id = decodeURIComponent(category);
    const name = isCategoryId(id) ? CATEGORY_TITLES[id] : id.replace(/[-_]/g, ' ');
    return {
      title: inCity(`Eventos de ${name}`),
      description: `Próximos eventos para solteros de la categoría ${name} en México.`,
      canonicalPath: path,
    };
  }
  const serviceId = /^\/servicio\/([^/]+)$/.exec(path)?.[1];
  const service = serviceId ? findService(serviceId) : undefined;
  if (service) {
    return {
      title: service.title,
      description: truncate(service.paragraphs[0] ?? PUBLIC_PAGES['/servicios']!.description, 155),
      canonicalPath: path,
    };
  }
  return null;
}

export function eventPageMeta(event: EventDetails): PageMeta {
  const text = event.description.replace(/\s+/g, ' ').trim();
  return {
    title: event.name,
    description: text.length > 0 ? truncate(text, 155) : FALLBACK_DESCRIPTION,
    canonicalPath: `/evento/${event.id}`,
  };
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** schema.org Place of an event: venue, street address and city (Google asks for a location). */
function eventPlace(event: EventDetails): Record<string, unknown> {
  const city = cityLabel(event.city);
  return {
    '@type': 'Place',
    name: event.venue || city,
    address: {
      '@type': 'PostalAddress',
      ...(event.address ? { streetAddress: event.address } : {}),
      addressLocality: city,
      addressCountry: 'MX',
    },
  };
}

/** schema.org Event for an event page: https://schema.org/Event. */
export function eventJsonLd(event: EventDetails, origin: string): Record<string, unknown> {
  const url = `${origin}/evento/${event.id}`;
  const availability = (places: number) =>
    event.status_id === EVENT_STATUS.soldOut || places <= 0
      ? 'https://schema.org/SoldOut'
      : 'https://schema.org/InStock';
  const offer = (name: string, price: number, places: number) => ({
    '@type': 'Offer',
    name,
    price: price.toFixed(2),
    priceCurrency: 'MXN',
    availability: availability(places),
    url,
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    description: event.description,
    startDate: mexicoCityDateTime(event.day, event.hour),
    endDate: mexicoCityIso(
      new Date(mexicoLocalToUtc(event.day, event.hour).getTime() + event.duration_minutes * 60_000),
    ),
    // Public pages only show open (1) and Agotado (2) events: both still take place as scheduled.
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: eventPlace(event),
    image: [new URL(event.image, origin).toString()],
    url,
    organizer: { '@type': 'Organization', name: 'Cita', url: origin },
    offers: [
      offer('Hombres', event.price_m, event.available_m),
      offer('Mujeres', event.price_w, event.available_w),
    ],
  };
}

/** JSON inside a <script> element: `<` escaped so that no text can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /intereses',
    'Disallow: /asistencias',
    'Disallow: /quiz',
    'Disallow: /perfil',
    'Disallow: /configuracion',
    'Disallow: /invitar',
    'Disallow: /valorar',
    'Disallow: /novedades',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string, eventIds: number[]): string {
  const paths = [
    ...Object.keys(PUBLIC_PAGES),
    ...SERVICES.map((service) => `/servicio/${service.id}`),
    ...eventIds.map((id) => `/evento/${id}`),
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
