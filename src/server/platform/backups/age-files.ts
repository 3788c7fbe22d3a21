import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';

/** What the manifest records of a written file, to refuse any other bytes at restore. */
export interface WrittenFile {
  size: number;
  sha256: string;
}

/** age-encryption speaks the DOM's stream type, Node its own: the same object at run time. */
function nodeStreamOf(stream: ReadableStream<Uint8Array>): Readable {
  return Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>);
}

function encrypterFor(recipients: string[]): Encrypter {
  const encrypter = new Encrypter();
  for (const recipient of recipients) {
    try {
      encrypter.addRecipient(recipient);
    } catch {
      throw new Error('BACKUP_AGE_RECIPIENT no es una clave pública de age válida (empieza con age1…)');
    }
  }
  return encrypter;
}

/**
 * A key pair for one snapshot's verification. The server never holds the operator's private key,
 * so the file is also encrypted to this one-time key (age wraps the same file key for every
 * recipient), opened with it to verify, and the private half is forgotten.
 */
export async function oneTimeKeyPair(): Promise<{ identity: string; recipient: string }> {
  const identity = await generateX25519Identity();
  return { identity, recipient: await identityToRecipient(identity) };
}

/**
 * Encrypts what `openPlain` opens to `recipients` into `target`, flushed to disk before it is closed (the caller
 * renames it into place afterwards). Answers its size and sha256.
 */
export async function encryptToFile(
  openPlain: () => Readable,
  recipients: string[],
  target: string,
): Promise<WrittenFile> {
  // The key is checked before the source is opened: a bad key leaves nothing open behind it.
  const encrypter = encrypterFor(recipients);
  const encrypted = await encrypter.encrypt(Readable.toWeb(openPlain()) as ReadableStream<Uint8Array>);
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(
    nodeStreamOf(encrypted),
    measure,
    fs.createWriteStream(target, { mode: 0o600, flush: true }),
  );
  return { size, sha256: hash.digest('hex') };
}

/** The identities (`AGE-SECRET-KEY-1…`) of an age identity file, comments left out. */
export function readIdentityFile(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`No se puede leer el archivo de identidad ${file}`);
  }
  const identities = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('AGE-SECRET-KEY-'));
  if (identities.length === 0)
    throw new Error(`${file} no contiene ninguna identidad de age (AGE-SECRET-KEY-…)`);
  return identities;
}

/**
 * The plaintext of an age file as a stream. age authenticates every 64 KiB chunk and the end of
 * the file: a changed or cut file fails while it is read, never silently.
 */
export async function decryptFile(file: string, identities: string[]): Promise<Readable> {
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  const source = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  try {
    return nodeStreamOf(await decrypter.decrypt(source));
  } catch {
    throw new Error('La identidad dada no abre este respaldo (no corresponde a BACKUP_AGE_RECIPIENT)');
  }
}

/** The sha256 of a file, read as a stream. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
