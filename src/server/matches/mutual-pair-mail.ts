import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';
import { enqueueMail } from '../platform/mail/mail-jobs';

/**
 * Tells both people, in the transaction that made the pair mutual, with a link to their
 * conversation (docs/design/26-contact.md: no contact details until both choose to share them). One mail per
 * person and per mutual pair of rows: a pair withdrawn and made mutual again (new rows) is news again.
 */
export async function enqueueMutualInterestMails(
  trx: Transaction<Database>,
  publicUrl: string,
  pair: { interestIds: number[]; clientId: number; otherId: number; conversationId: number },
): Promise<void> {
  const { interestIds, clientId, otherId } = pair;
  const people = await trx
    .selectFrom('clients')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [clientId, otherId])
    .execute();
  const rows = [...interestIds].sort((a, b) => a - b).join(':');
  const url = `${publicUrl}/mensajes/${pair.conversationId}`;
  for (const person of people) {
    const other = people.find((candidate) => candidate.id !== person.id);
    if (!other) continue;
    const otherName = `${other.first_name} ${other.last_name}`;
    await enqueueMail(trx, `mail:mutual:${rows}:client:${person.id}`, {
      to: person.email,
      subject: `${otherName} y tú tienen un interés mutuo`,
      text: [
        `Hola ${person.first_name}:`,
        '',
        `${otherName} también mostró interés en ti: ahora el interés es mutuo.`,
        'Ya pueden escribirse en Cita: salúdale desde su conversación.',
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
}

/**
 * Tells both people of a pair made on match cards, in the transaction that closed the picks: the
 * other's first name and a link to their conversation (no contact details: docs/design/26-contact.md). One mail
 * per event, person and other person.
 */
export async function enqueueMutualPickMails(
  trx: Transaction<Database>,
  publicUrl: string,
  event: { id: number; name: string },
  pair: { a: PickedPerson; b: PickedPerson; conversationId: number },
): Promise<void> {
  const { a, b } = pair;
  for (const [person, other] of [
    [a, b],
    [b, a],
  ] as const) {
    await enqueueMail(trx, `mail:picks-match:${event.id}:${person.id}:${other.id}`, {
      to: person.email,
      subject: `¡${other.first_name} también quiere volver a verte!`,
      text: [
        `Hola ${person.first_name}:`,
        '',
        `En «${event.name}» tú y ${other.first_name} se eligieron mutuamente.`,
        `Escríbele en Cita: ${publicUrl}/mensajes/${pair.conversationId}`,
        '',
        'Cita',
      ].join('\n'),
    });
  }
}
