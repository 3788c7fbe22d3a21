import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export const MAIL_FROM = 'Cita <hola@cita.mx>';

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to
 * DATA_DIR/outbox and logs it, so development and the tests can read what was sent.
 * A failed delivery is logged and never fails the call that caused it.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly smtp: boolean;
  readonly outboxDir: string;

  constructor(
    config: AppConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outboxDir = path.join(config.dataDir, 'outbox');
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.smtp = Boolean(config.smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      const info = await this.transport.sendMail({ from: MAIL_FROM, ...mail });
      if (this.smtp) return;
      await fs.mkdir(this.outboxDir, { recursive: true });
      const file = path.join(this.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      this.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    } catch (error) {
      this.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail not sent');
    }
  }
}
