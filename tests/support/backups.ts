import fs from 'node:fs';
import path from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { inject } from 'vitest';

/** The operator's age key pair for a test file: the public half for the server, the private in a file. */
export interface OperatorKeys {
  recipient: string;
  identityFile: string;
  /** Where this file's snapshots go. */
  backupDir: string;
  /** The environment that turns backups on for a test app. */
  env: Record<string, string>;
}

export async function operatorKeys(): Promise<OperatorKeys> {
  const folder = fs.mkdtempSync(path.join(inject('tempRoot'), 'cita-operador-'));
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  const identityFile = path.join(folder, 'clave-del-operador.txt');
  fs.writeFileSync(identityFile, `# clave privada del operador, nunca en el servidor\n${identity}\n`, {
    mode: 0o600,
  });
  const backupDir = path.join(folder, 'respaldos');
  return {
    recipient,
    identityFile,
    backupDir,
    env: { BACKUP_DIR: backupDir, BACKUP_AGE_RECIPIENT: recipient },
  };
}

/** Changes one byte in the middle of a file, as a failing disk or a careless hand would. */
export function flipOneByte(file: string): void {
  const bytes = fs.readFileSync(file);
  const middle = Math.floor(bytes.length / 2);
  bytes[middle] = (bytes[middle]! ^ 0x01) & 0xff;
  fs.writeFileSync(file, bytes);
}
