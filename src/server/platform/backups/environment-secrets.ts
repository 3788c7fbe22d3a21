import { Readable } from 'node:stream';
import type { AppConfig } from '../config';
import { decryptFile, encryptToFile, type WrittenFile } from './age-files';
import { partialPathFor, publishFile } from './snapshot-files';

/**
 * The secrets a restore needs that were set in the environment rather than generated into the
 * database (`server_secrets` travels inside the snapshot): without the same VAPID pair every push
 * subscription dies, without the same e-mail hash key erased members could sign up again.
 */
export function environmentSecrets(config: AppConfig): Record<string, string> {
  const secrets: Record<string, string | undefined> = {
    VAPID_PUBLIC_KEY: config.push.vapidPublicKey,
    VAPID_PRIVATE_KEY: config.push.vapidPrivateKey,
    EMAIL_HASH_KEY: config.emailHashKey,
  };
  return Object.fromEntries(Object.entries(secrets).filter((entry): entry is [string, string] => !!entry[1]));
}

/** Writes them encrypted beside the snapshot, atomically like it. */
export async function writeSecretsFile(
  secrets: Record<string, string>,
  recipients: string[],
  file: string,
): Promise<WrittenFile> {
  const partial = partialPathFor(file);
  const written = await encryptToFile(
    () => Readable.from([Buffer.from(JSON.stringify(secrets))]),
    recipients,
    partial,
  );
  publishFile(partial, file);
  return written;
}

export async function readSecretsFile(file: string, identities: string[]): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of await decryptFile(file, identities))
    chunks.push(Buffer.from(chunk as Uint8Array));
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>;
}

/** An env file's lines, for the operator to copy into /etc/cita/cita.env. */
export function asEnvFile(secrets: Record<string, string>): string {
  return `${Object.entries(secrets)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')}\n`;
}
