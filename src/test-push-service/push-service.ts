import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local push service for tests (decision 0040): an HTTPS server that takes what the product's
 * push client posts to a subscription's endpoint, as FCM or Mozilla's autopush would, records it
 * (headers and encrypted body) and answers 201, or the status a test asked for. Its certificate is
 * self-signed, made with the openssl CLI at start; only the tests' product trusts it
 * (`config.push.trustedCa`, or NODE_EXTRA_CA_CERTS for a spawned server).
 */

export interface ReceivedPush {
  /** The endpoint's path: which subscription it was sent to. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface TestPushService {
  /** `https://127.0.0.1:<port>`: a test's endpoints are this origin plus a path of its choice. */
  origin: string;
  /** The host name to add to PUSH_ENDPOINT_HOSTS. */
  host: string;
  /** PEM of the certificate the product must trust. */
  certificate: string;
  /** Every push received, oldest first (including the ones answered with an error). */
  received: ReceivedPush[];
  /** The next answers for this path, in order (e.g. [500] then the default 201). */
  answerNext(pathname: string, ...statuses: number[]): void;
  /** Every answer for this path from now on (e.g. 410: the browser dropped the subscription). */
  answerAlways(pathname: string, status: number): void;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-push-'));
  const keyFile = path.join(folder, 'key.pem');
  const certFile = path.join(folder, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export async function startTestPushService(port = 0): Promise<TestPushService> {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const queued = new Map<string, number[]>();
  const always = new Map<string, number>();
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const pathname = new URL(request.url ?? '/', 'https://localhost').pathname;
      if (request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      received.push({ path: pathname, headers: request.headers, body: Buffer.concat(chunks) });
      const status = queued.get(pathname)?.shift() ?? always.get(pathname) ?? 201;
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 201 ? '' : `status ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${listening}`,
    host: '127.0.0.1',
    certificate: cert,
    received,
    answerNext(pathname, ...statuses) {
      queued.set(pathname, [...(queued.get(pathname) ?? []), ...statuses]);
    },
    answerAlways(pathname, status) {
      always.set(pathname, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
