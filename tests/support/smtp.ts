import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A local SMTP server for the tests. `mode` decides how it treats a message: accept it, refuse it
 * with a temporary 451, or stall (never answer MAIL FROM, like a hung server).
 */
export class TestSmtp {
  readonly received: ReceivedMail[] = [];
  mode: 'accept' | 'refuse' | 'stall' = 'accept';
  /** MAIL FROM commands seen, whatever the answer. */
  attempts = 0;
  private server: SMTPServer | undefined;

  constructor(readonly port: number) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onMailFrom: (_address, _session, callback) => {
        this.attempts++;
        if (this.mode === 'stall') return;
        if (this.mode === 'refuse') {
          callback(
            Object.assign(new Error('Servicio no disponible, intente más tarde'), { responseCode: 451 }),
          );
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Stops listening and drops open sessions, as a crashed server would. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/** Waits for `condition` with a deadline. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
