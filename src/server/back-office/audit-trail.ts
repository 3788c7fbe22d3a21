import type { AuditEntry } from '../../shared/contracts/admin';
import { formatCents, PAYMENT_METHOD_NAMES } from '../../shared/domain/money';
import { type AuditLogEntry, listAudit } from '../platform/audit';
import type { DB } from '../platform/db/database';

interface Person {
  name: string;
  email: string;
}

/** 'Lucía R.': enough for an organizer to recognise her, without the full surname. */
function shortName(first: string, last: string): string {
  const initial = last.trim().charAt(0);
  return initial ? `${first.trim()} ${initial.toUpperCase()}.` : first.trim();
}

function parse(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const clientsLink = (person: Person | undefined) =>
  person ? `/admin/clients?search=${encodeURIComponent(person.email)}` : null;

/** The names behind the ids of one page of entries, looked up in four queries whatever the page size. */
async function loadNames(db: DB, entries: AuditLogEntry[]) {
  const ids = { clients: new Set<number>(), adverts: new Set<number>(), events: new Set<number>() };
  const assistanceIds = new Set<number>();
  const interestIds = new Set<number>();
  const adminIds = new Set<number>();
  for (const entry of entries) {
    const id = entry.entity_id;
    if (
      entry.entity === 'quiz_pair' ||
      entry.entity === 'report' ||
      entry.entity === 'photo' ||
      entry.entity === 'payment' ||
      entry.entity === 'organizer_message' ||
      entry.entity === 'verification'
    ) {
      const after = parse(entry.after_json);
      for (const key of ['client_a', 'client_b', 'reported', 'client_id'])
        if (typeof after[key] === 'number') ids.clients.add(after[key]);
      if (typeof after.event_id === 'number') ids.events.add(after.event_id);
    }
    if (id === null) continue;
    if (entry.entity === 'client') ids.clients.add(id);
    else if (entry.entity === 'advert') ids.adverts.add(id);
    else if (entry.entity === 'event') ids.events.add(id);
    else if (entry.entity === 'assistance') assistanceIds.add(id);
    else if (entry.entity === 'interest') interestIds.add(id);
    else if (entry.entity === 'admin') adminIds.add(id);
  }
  const adverts = ids.adverts.size
    ? await db
        .selectFrom('adverts')
        .select(['id', 'client_id'])
        .where('id', 'in', [...ids.adverts])
        .execute()
    : [];
  const assistance = assistanceIds.size
    ? await db
        .selectFrom('assistance')
        .select(['id', 'client_id', 'event_id'])
        .where('id', 'in', [...assistanceIds])
        .execute()
    : [];
  const interests = interestIds.size
    ? await db
        .selectFrom('interests')
        .select(['id', 'client_id', 'target_client_id'])
        .where('id', 'in', [...interestIds])
        .execute()
    : [];
  for (const row of adverts) ids.clients.add(row.client_id);
  for (const row of assistance) {
    ids.clients.add(row.client_id);
    ids.events.add(row.event_id);
  }
  for (const row of interests) {
    ids.clients.add(row.client_id);
    ids.clients.add(row.target_client_id);
  }
  const clients = ids.clients.size
    ? await db
        .selectFrom('clients')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('id', 'in', [...ids.clients])
        .execute()
    : [];
  const events = ids.events.size
    ? await db
        .selectFrom('events')
        .select(['id', 'name'])
        .where('id', 'in', [...ids.events])
        .execute()
    : [];
  const admins = adminIds.size
    ? await db
        .selectFrom('admins')
        .select(['id', 'name'])
        .where('id', 'in', [...adminIds])
        .execute()
    : [];
  return {
    clients: new Map(
      clients.map((row) => [row.id, { name: shortName(row.first_name, row.last_name), email: row.email }]),
    ),
    advertOwner: new Map(adverts.map((row) => [row.id, row.client_id])),
    assistance: new Map(assistance.map((row) => [row.id, row])),
    interests: new Map(interests.map((row) => [row.id, row])),
    events: new Map(events.map((row) => [row.id, row.name])),
    admins: new Map(admins.map((row) => [row.id, row.name])),
  };
}

type Names = Awaited<ReturnType<typeof loadNames>>;

/** The Spanish sentence and link for one entry; `who` is the acting admin's name. */
function describeEntry(entry: AuditLogEntry, names: Names): { text: string; link: string | null } {
  const id = entry.entity_id ?? 0;
  const before = parse(entry.before_json);
  const after = parse(entry.after_json);
  const person = (clientId: number | undefined) =>
    clientId === undefined ? undefined : names.clients.get(clientId);
  const nameOf = (who: Person | undefined, fallback: string) => who?.name ?? fallback;
  const eventName = (eventId: number | undefined) => {
    const name = eventId === undefined ? undefined : names.events.get(eventId);
    return name ? `«${name}»` : 'un evento eliminado';
  };
  const eventLink = (eventId: number | undefined) =>
    eventId !== undefined && names.events.has(eventId) ? `/admin/event/${eventId}` : null;
  // 'contactada la inscripción', 'contactado el interés': the adjective agrees with the thing.
  const marked = (ending: 'a' | 'o') =>
    `${after.contacted === 1 ? 'marcó' : 'desmarcó'} como contactad${ending}`;

  switch (entry.action) {
    case 'advert.approve':
    case 'advert.reject':
    case 'advert.deactivate': {
      const owner = person(names.advertOwner.get(id));
      const whose = nameOf(owner, 'una persona');
      const verb = {
        'advert.approve': `aprobó el anuncio de ${whose}`,
        'advert.reject': `rechazó el nuevo texto del anuncio de ${whose}`,
        'advert.deactivate': `dejó de mostrar el anuncio de ${whose}`,
      }[entry.action];
      return { text: verb, link: clientsLink(owner) };
    }
    case 'client.delete':
    case 'client.reactivate': {
      const client = person(id);
      const verb = entry.action === 'client.delete' ? 'eliminó la cuenta de' : 'reactivó la cuenta de';
      return { text: `${verb} ${nameOf(client, 'una persona')}`, link: clientsLink(client) };
    }
    case 'event.add':
      return { text: `creó el evento ${eventName(id)}`, link: eventLink(id) };
    case 'event.update':
      return { text: `modificó el evento ${eventName(id)}`, link: eventLink(id) };
    case 'event.update_with_image':
      return { text: `modificó el evento ${eventName(id)} y su imagen`, link: eventLink(id) };
    case 'event.picks_close':
      return { text: `cerró las elecciones de ${eventName(id)}`, link: eventLink(id) };
    case 'assistance.clean':
      return { text: `vació la lista de asistentes de ${eventName(id)}`, link: eventLink(id) };
    case 'assistance.confirm':
    case 'assistance.unconfirm':
    case 'assistance.cancel':
    case 'assistance.checkin':
    case 'assistance.contacted': {
      const row = names.assistance.get(id);
      const who = nameOf(person(row?.client_id), 'una persona');
      const where = eventName(row?.event_id);
      const text =
        entry.action === 'assistance.confirm'
          ? `confirmó la asistencia de ${who} a ${where}`
          : entry.action === 'assistance.unconfirm'
            ? `quitó la confirmación de asistencia de ${who} a ${where}`
            : entry.action === 'assistance.cancel'
              ? `canceló el registro de ${who} a ${where}`
              : entry.action === 'assistance.checkin'
                ? `registró la llegada de ${who} a ${where}`
                : `${marked('a')} la inscripción de ${who} a ${where}`;
      return { text, link: eventLink(row?.event_id) };
    }
    case 'payment.refund': {
      const who = nameOf(
        person(typeof after.client_id === 'number' ? after.client_id : undefined),
        'una persona',
      );
      const eventId = typeof after.event_id === 'number' ? after.event_id : undefined;
      const amount = typeof after.refund_cents === 'number' ? ` ${formatCents(after.refund_cents)}` : '';
      return { text: `reembolsó${amount} a ${who} por ${eventName(eventId)}`, link: eventLink(eventId) };
    }
    case 'payment.manual':
    case 'payment.void': {
      const who = nameOf(
        person(typeof after.client_id === 'number' ? after.client_id : undefined),
        'una persona',
      );
      const eventId = typeof after.event_id === 'number' ? after.event_id : undefined;
      const amount = typeof after.amount_cents === 'number' ? ` de ${formatCents(after.amount_cents)}` : '';
      const method =
        typeof after.method === 'string' && after.method in PAYMENT_METHOD_NAMES
          ? ` (${PAYMENT_METHOD_NAMES[after.method as keyof typeof PAYMENT_METHOD_NAMES]})`
          : '';
      const verb = entry.action === 'payment.manual' ? 'registró un pago a mano' : 'anuló el pago a mano';
      return {
        text: `${verb}${amount}${method} de ${who} por ${eventName(eventId)}`,
        link: eventLink(eventId),
      };
    }
    case 'interest.contacted': {
      const row = names.interests.get(id);
      const from = nameOf(person(row?.client_id), 'una persona');
      const to = nameOf(person(row?.target_client_id), 'otra persona');
      return {
        text: `${marked('o')} el interés de ${from} en ${to}`,
        link: row ? `/admin/matches?search=${encodeURIComponent(person(row.client_id)?.email ?? '')}` : null,
      };
    }
    case 'quiz_pair.contacted': {
      const a = person(typeof after.client_a === 'number' ? after.client_a : undefined);
      const b = person(typeof after.client_b === 'number' ? after.client_b : undefined);
      return {
        text: `${marked('a')} la pareja del quiz ${nameOf(a, 'una persona')} y ${nameOf(b, 'otra persona')}`,
        link: a ? `/admin/matches?tab=quiz&search=${encodeURIComponent(a.email)}` : null,
      };
    }
    case 'organizer_message.send': {
      const count = typeof after.recipients === 'number' ? after.recipients : 0;
      const whom = `${count} ${count === 1 ? 'persona' : 'personas'}`;
      const title = typeof after.title === 'string' ? `«${after.title}»` : 'un mensaje';
      const eventId = typeof after.event_id === 'number' ? after.event_id : undefined;
      return eventId === undefined
        ? { text: `envió la novedad ${title} a ${whom}`, link: null }
        : { text: `envió ${title} a ${whom} de ${eventName(eventId)}`, link: eventLink(eventId) };
    }
    case 'invite_reward.update': {
      const amount =
        typeof after.amount_off === 'number' ? formatCents(Math.round(after.amount_off * 100)) : null;
      const discount = amount ?? `${String(after.percent_off)} %`;
      const state = after.enabled === true ? 'activa' : 'apagada';
      return {
        text: `cambió la recompensa por invitación: ${discount}, ${String(after.valid_days)} días, ${state}`,
        link: '/admin/codigos',
      };
    }
    case 'report.resolve':
    case 'report.dismiss': {
      const reported = person(typeof after.reported === 'number' ? after.reported : undefined);
      const whom = nameOf(reported, 'una persona');
      const outcome =
        entry.action === 'report.dismiss'
          ? `descartó el reporte sobre ${whom}`
          : after.action === 'hide_advert'
            ? `resolvió el reporte sobre ${whom} y ocultó su anuncio`
            : after.action === 'deactivate'
              ? `resolvió el reporte sobre ${whom} y desactivó su cuenta`
              : `resolvió el reporte sobre ${whom}`;
      return { text: outcome, link: '/admin/reportes' };
    }
    case 'photo.approve':
    case 'photo.reject': {
      const owner = person(typeof after.client_id === 'number' ? after.client_id : undefined);
      const whose = nameOf(owner, 'una persona');
      const text =
        entry.action === 'photo.approve'
          ? `aprobó una foto de ${whose}`
          : `rechazó una foto de ${whose}${typeof after.reason === 'string' ? ` («${after.reason}»)` : ''}`;
      return { text, link: clientsLink(owner) };
    }
    case 'verification.door_match':
    case 'verification.door_mismatch':
    case 'verification.approve':
    case 'verification.reject': {
      const owner = person(typeof after.client_id === 'number' ? after.client_id : undefined);
      const who = nameOf(owner, 'una persona');
      const eventId = typeof after.event_id === 'number' ? after.event_id : undefined;
      const text =
        entry.action === 'verification.door_match'
          ? `vio en la puerta de ${eventName(eventId)} que ${who} coincide con su foto`
          : entry.action === 'verification.door_mismatch'
            ? `vio en la puerta de ${eventName(eventId)} que ${who} no coincide con su foto`
            : entry.action === 'verification.approve'
              ? `aprobó la verificación de ${who}`
              : `rechazó la verificación de ${who}${typeof after.reason === 'string' ? ` («${after.reason}»)` : ''}`;
      return {
        text,
        link: entry.action.startsWith('verification.door') ? eventLink(eventId) : clientsLink(owner),
      };
    }
    case 'admin.add': {
      const name = names.admins.get(id) ?? String(after.name ?? '');
      return { text: `dio de alta al administrador ${name}`, link: `/admin/users/${id}` };
    }
    case 'admin.update': {
      const name = names.admins.get(id) ?? 'un administrador';
      const status = after.status_id;
      let text = `cambió el nombre del administrador ${name}`;
      if (status !== undefined && status !== before.status_id) {
        text =
          status === 0
            ? `eliminó al administrador ${name}`
            : status === 2
              ? `desactivó al administrador ${name}`
              : `activó al administrador ${name}`;
      } else if (after.password_changed === true) {
        text = `cambió la contraseña del administrador ${name}`;
      }
      return { text, link: `/admin/users/${id}` };
    }
    default:
      return { text: 'hizo un cambio', link: null };
  }
}

/** One page of the audit trail, each entry told as a sentence with a link to what it changed. */
export async function listAuditTrail(
  db: DB,
  page: number,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const { entries, total } = await listAudit(db, page);
  const names = await loadNames(db, entries);
  return {
    total,
    entries: entries.map((entry) => {
      const { text, link } = describeEntry(entry, names);
      // 'de Lucía R.' already ends the sentence.
      const sentence = `${entry.admin_name ?? 'Un administrador'} ${text}`;
      return { ...entry, sentence: sentence.endsWith('.') ? sentence : `${sentence}.`, link };
    }),
  };
}
