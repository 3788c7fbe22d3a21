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
  /** Extra headers, e.g. List-Unsubscribe on news (RFC 8058). */
  headers?: Record<string, string>;
  /** Binary content (an image) travels through the queue's JSON as base64 with `encoding`. */
  attachments?: {
    filename: string;
    content: string;
    contentType: string;
    encoding?: 'base64';
    cid?: string;
  }[];
}

export const MAIL_FROM = 'Cita <hola@cita.mx>';

/** Bounds an SMTP server that accepts the connection and then stalls, so a job cannot hang. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to
 * DATA_DIR/outbox and logs it, so development and the tests can read what was sent.
 * A failed delivery throws: mail goes out from the queue (mail-jobs.ts), which retries it.
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
      ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.smtp = Boolean(config.smtpUrl);
  }

  /** Connects and greets the SMTP server without sending (`cita doctor`); a no-op without SMTP_URL. */
  async verify(): Promise<void> {
    if (this.smtp) await this.transport.verify();
  }

  /** Closes the SMTP connections (a one-off command that sent mail and must exit). */
  close(): void {
    this.transport.close();
  }

  /**
   * `messageKey` names one message for good: it becomes the Message-ID (receivers drop a second
   * copy with the same one) and the outbox file name (a second run overwrites the first).
   */
  async send(mail: OutgoingMail, options: { messageKey?: string } = {}): Promise<void> {
    const messageKey = options.messageKey ?? `${Date.now()}-${randomBytes(4).toString('hex')}`;
    const info = await this.transport.sendMail({
      from: MAIL_FROM,
      messageId: `<${messageKey}@cita.mx>`,
      ...mail,
    });
    if (this.smtp) return;
    await fs.mkdir(this.outboxDir, { recursive: true });
    const file = path.join(this.outboxDir, `${messageKey}.eml`);
    // Written aside and renamed: a reader never sees half a message, a re-run replaces it whole.
    await fs.writeFile(`${file}.tmp`, info.message as Buffer);
    await fs.rename(`${file}.tmp`, file);
    // The file, never the recipient or the subject: logs hold no member's data.
    this.log.info({ file }, 'mail written to the outbox');
  }
}
