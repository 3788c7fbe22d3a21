import type { Transaction } from 'kysely';
import { formatCalendarDate } from '../../shared/domain/mexico-dates';
import { formatCents } from '../../shared/domain/money';
import { discountLabel } from '../../shared/domain/promo-codes';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import type { PlaceCheckedIn } from '../events/attendance/place-hooks';
import { issuePersonalCode, type PersonalCodeOffer } from '../events/codes/personal-codes';
import { notifyMember } from '../notifications/notify-member';
import type { Database } from '../platform/db/schema';
import { enqueueMail } from '../platform/mail/mail-jobs';
import type { OutgoingMail } from '../platform/mail/mailer';
import { isBlocked } from '../trust/blocks';
import { rewardOffer } from './invite-reward';

/**
 * The reward for bringing someone (docs/design/25-organizers.md): when an invited member is checked in at the
 * door for the first time ever, her inviter receives a personal code. Runs in the check-in's
 * transaction. Setting `first_check_in_at` where it is still null is the claim: of two check-ins
 * at once (two door phones, two nights) the second waits for the first's row lock and then
 * updates nothing, so a person earns her inviter at most one code, whatever happens to her
 * places afterwards. Nothing is earned when the reward is off, when the inviter is no longer
 * active, or when either of them blocked the other (the inviter would learn that she came).
 */
export async function rewardFirstNight(
  trx: Transaction<Database>,
  arrival: PlaceCheckedIn,
  publicUrl: string,
): Promise<void> {
  const claimed = await trx
    .updateTable('invitations')
    .set({ first_check_in_at: arrival.checkedInAt })
    .where('invited_client_id', '=', arrival.clientId)
    .where('first_check_in_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  const offer = await rewardOffer(trx);
  if (!offer) return;
  const invitation = await trx
    .selectFrom('invitations')
    .innerJoin('clients as inviter', 'inviter.id', 'invitations.inviter_client_id')
    .innerJoin('clients as invited', 'invited.id', 'invitations.invited_client_id')
    .select([
      'inviter.id as inviter_id',
      'inviter.first_name as inviter_first_name',
      'inviter.email as inviter_email',
      'inviter.status_id as inviter_status',
      'invited.first_name as invited_first_name',
    ])
    .where('invitations.invited_client_id', '=', arrival.clientId)
    .executeTakeFirstOrThrow();
  if (invitation.inviter_status !== CLIENT_STATUS.active) return;
  if (await isBlocked(trx, invitation.inviter_id, arrival.clientId)) return;

  const code = await issuePersonalCode(trx, invitation.inviter_id, offer, new Date(arrival.checkedInAt));
  await trx
    .updateTable('invitations')
    .set({ code_id: code.id })
    .where('invited_client_id', '=', arrival.clientId)
    .execute();
  const earned = { ...code, discount: rewardDiscount(offer), until: formatCalendarDate(code.valid_until) };
  const key = `invite-reward:invited:${arrival.clientId}`;
  await enqueueMail(
    trx,
    `mail:${key}`,
    rewardMail(publicUrl, {
      to: invitation.inviter_email,
      inviterFirstName: invitation.inviter_first_name,
      invitedFirstName: invitation.invited_first_name,
      ...earned,
    }),
  );
  // Her first name only: the inviter learns that she came, nothing else about her.
  await notifyMember(trx, key, {
    clientId: invitation.inviter_id,
    kind: 'invite_reward',
    title: `Ganaste un código por invitar a ${invitation.invited_first_name}`,
    body: `${earned.discount} de descuento en tu próxima noche, hasta el ${earned.until}.`,
    url: '/invitar',
    tag: 'invite-reward',
  });
}

function rewardDiscount(offer: PersonalCodeOffer): string {
  return discountLabel(
    { percent_off: offer.percentOff, amount_off_cents: offer.amountOffCents },
    formatCents,
  );
}

function rewardMail(
  publicUrl: string,
  earned: {
    to: string;
    inviterFirstName: string;
    invitedFirstName: string;
    code: string;
    discount: string;
    until: string;
  },
): OutgoingMail {
  return {
    to: earned.to,
    subject: `Ganaste un código por invitar a ${earned.invitedFirstName}`,
    text: [
      `Hola ${earned.inviterFirstName}:`,
      '',
      `${earned.invitedFirstName} llegó a su primera noche en Cita gracias a tu invitación. Este código es tu recompensa:`,
      '',
      `  ${earned.code}`,
      '',
      `${earned.discount} de descuento en una noche, válido hasta el ${earned.until}. Es personal: solo funciona con tu cuenta.`,
      `Escríbelo en la página del evento, en «¿Tienes un código?»: ${publicUrl}/eventos`,
      '',
      `Tu enlace para invitar y tus códigos: ${publicUrl}/invitar`,
      '',
      'Cita',
    ].join('\n'),
  };
}
