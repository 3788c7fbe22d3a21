import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';

/** Every message the server wrote to DATA_DIR/outbox for this address, oldest first. */
export async function mailsTo(dataDir: string, address: string): Promise<Email[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(outbox).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const mails: Email[] = [];
  for (const file of files) {
    const mail = await PostalMime.parse(await fs.readFile(path.join(outbox, file)));
    if (mail.to?.some((to) => to.address?.toLowerCase() === address.toLowerCase())) mails.push(mail);
  }
  return mails;
}

/**
 * The newest message to this address that passes `matching`, waiting briefly because mail is
 * written after the answer (a sign-up's welcome mail may be there before the one a test wants).
 */
export async function lastMailTo(
  dataDir: string,
  address: string,
  matching: (mail: Email) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailsTo(dataDir, address)).filter(matching);
    if (mails.length > 0) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no such mail to ${address} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
