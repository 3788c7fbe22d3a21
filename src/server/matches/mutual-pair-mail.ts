import type { Transaction } from 'kysely';
import { whatsappLink } from '../../shared/domain/whatsapp';
import type { Database } from '../platform/db/schema';
import { enqueueMail } from '../platform/mail/mail-jobs';

/**
 * Tells both people, in the transaction that made the pair mutual. One mail per person and per
 * mutual pair of rows: a pair withdrawn and made mutual again (new rows) is news again.
 */
export async function enqueueMutualInterestMails(
  trx: Transaction<Database>,
  publicUrl: string,
  interestIds: number[],
  clientId: number,
  otherId: number,
): Promise<void> {
  const people = await trx
    .selectFrom('clients')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [clientId, otherId])
    .execute();
  const pair = [...interestIds].sort((a, b) => a - b).join(':');
  const url = `${publicUrl}/intereses`;
  for (const person of people) {
    const other = people.find((candidate) => candidate.id !== person.id);
    if (!other) continue;
    const otherName = `${other.first_name} ${other.last_name}`;
    await enqueueMail(trx, `mail:mutual:${pair}:client:${person.id}`, {
      to: person.email,
      subject: `${otherName} y tú tienen un interés mutuo`,
      text: [
        `Hola ${person.first_name}:`,
        '',
        `${otherName} también mostró interés en ti: ahora el interés es mutuo.`,
        'Entra a «Mis intereses» para ver su anuncio y cómo contactarle.',
        '',
        url,
        '',
        'Cita',
      ].join('\n'),
    });
  }
}

export interface PickedPerson {
  id: number;
  first_name: string;
  email: string;
  phone: string;
}

/**
 * Tells both people of a pair made on match cards, in the transaction that closed the picks: the
 * other's first name and WhatsApp link. One mail per event, person and other person.
 */
export async function enqueueMutualPickMails(
  trx: Transaction<Database>,
  publicUrl: string,
  event: { id: number; name: string },
  a: PickedPerson,
  b: PickedPerson,
): Promise<void> {
  for (const [person, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const whatsapp = whatsappLink(other.phone);
    await enqueueMail(trx, `mail:picks-match:${event.id}:${person.id}:${other.id}`, {
      to: person.email,
      subject: `¡${other.first_name} también quiere volver a verte!`,
      text: [
        `Hola ${person.first_name}:`,
        '',
        `En «${event.name}» tú y ${other.first_name} se eligieron mutuamente.`,
        whatsapp
          ? `Escríbele por WhatsApp: ${whatsapp}`
          : `${other.first_name} no dejó un WhatsApp: búscale en «Mis intereses».`,
        '',
        `${publicUrl}/intereses`,
        '',
        'Cita',
      ].join('\n'),
    });
  }
}
