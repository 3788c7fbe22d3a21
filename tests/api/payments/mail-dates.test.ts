import { describe, expect, it } from 'vitest';
import { formatInstant } from '../../../src/shared/domain/mexico-dates';
import { insertEvent } from '../../support/admin-fixtures';
import { lastMailTo } from '../../support/outbox';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from '../events/helpers';

const { testApp, settle, placeOf } = setUpPaymentsApp({ seedDemo: false });

// 'sábado 12 de diciembre, 8:00 a.m.': within the hour, so no year.
const SPOKEN =
  /(domingo|lunes|martes|miércoles|jueves|viernes|sábado) \d{1,2} de [a-z]+, \d{1,2}:\d{2} [ap]\.m\./;

function mailTo(email: string, subject: string) {
  return lastMailTo(testApp.config.dataDir, email, (mail) => (mail.subject ?? '').startsWith(subject));
}

describe('the dates of the payment e-mails read as people say them', () => {
  it('writes the pay deadline and the receipt date in the one style of the site', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 35000 });
    const member = await loggedInClient(testApp, { gender: 1 });
    const signUp = await member.agent.post<{ message: string }>('client/events/add', { event_id: eventId });
    const place = await placeOf(eventId, member.id);
    const deadline = formatInstant(place.payment_due_at!);
    expect(deadline).toMatch(SPOKEN);
    expect(signUp.body.message).toBe(`Te registraste: paga antes del ${deadline} para confirmar tu lugar`);
    const registered = await mailTo(member.email, 'Tu registro');
    expect(registered.text).toContain(`Paga $350.00 MXN antes del ${deadline} (hora del centro de México)`);

    const checkout = await member.agent.post<{ url: string }>('client/payments/checkout', {
      event_id: eventId,
    });
    await pressCheckoutButton(checkout.body.url, 'tarjeta');
    await settle();
    const receipt = await mailTo(member.email, 'Recibo de pago');
    expect(receipt.text).toMatch(new RegExp(`Fecha: ${SPOKEN.source} \\(hora del centro de México\\)`));
  });
});
