import { expect, test } from 'vitest';
import { lastMailTo, mailsTo } from '../../support/outbox';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false });

test('without SMTP_URL a message lands in the outbox with its accents and attachment intact', async () => {
  await testApp.app.mailer.send({
    to: 'ana@example.mx',
    subject: 'Tu lugar está apartado',
    text: 'Hola Ana, te esperamos en la función. Enlace: https://cita.mx/restablecer?token=abc=def',
    attachments: [
      { filename: 'evento.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR', contentType: 'text/calendar' },
    ],
  });
  const mail = await lastMailTo(testApp.config.dataDir, 'ana@example.mx');
  expect(mail.subject).toBe('Tu lugar está apartado');
  expect(mail.text).toContain('token=abc=def');
  expect(mail.attachments.map((a) => a.filename)).toEqual(['evento.ics']);
});

test('a message sent again under the same key replaces itself: one file, one Message-ID', async () => {
  const mail = { to: 'beto@example.mx', subject: 'Tu registro', text: 'Hola Beto' };
  await testApp.app.mailer.send(mail, { messageKey: '1795000000000-job-0000000042' });
  await testApp.app.mailer.send(mail, { messageKey: '1795000000000-job-0000000042' });
  const mails = await mailsTo(testApp.config.dataDir, 'beto@example.mx');
  expect(mails.map((sent) => sent.messageId)).toEqual(['<1795000000000-job-0000000042@cita.mx>']);
});
