import { format } from 'date-fns';
import type { Email } from 'postal-mime';
import { inject } from 'vitest';
import { createDatabase, type DB } from '../../src/server/platform/db/database';
import { FIXTURE_PASSWORD, insertAdvert, insertClient } from '../support/admin-fixtures';
import { HttpAgent } from '../support/http-agent';
import { mailsTo } from '../support/outbox';

/** Backends behind the proxy, by index (global-setup.ts starts two). */
export const BACKENDS = [0, 1] as const;

export function cluster() {
  return inject('cluster');
}

/** A cookie jar speaking to the cluster through the proxy. */
export function agent(): HttpAgent {
  return new HttpAgent(cluster().url);
}

/** The test's own connection to the cluster's database, for fixtures and checks (destroy it in afterAll). */
export function openDatabase(): { db: DB } {
  const { databaseUrl, dataDirs } = cluster();
  return { db: createDatabase({ databaseUrl, dataDir: dataDirs[0]! }) };
}

/** A fresh active client, logged in through the proxy on its own agent. */
export async function loggedInClient(
  store: { db: DB },
  values: Parameters<typeof insertClient>[1] = {},
  backend?: number,
): Promise<{ agent: HttpAgent; id: number; email: string }> {
  const client = await insertClient(store, values);
  const own = agent();
  await own.loginClient(client.email, FIXTURE_PASSWORD, backend === undefined ? {} : { backend });
  return { agent: own, ...client };
}

/** A logged-in client with a published advert. */
export async function personWithAdvert(store: { db: DB }, backend?: number) {
  const client = await loggedInClient(store, {}, backend);
  return { ...client, advertId: await insertAdvert(store, client.id) };
}

/** Every message to this address in the outboxes of all the backends together. */
export async function mailsAcrossBackends(address: string): Promise<Email[]> {
  const perBackend = await Promise.all(cluster().dataDirs.map((dir) => mailsTo(dir, address)));
  return perBackend.flat();
}

/**
 * Reads until `done` accepts the value or the deadline passes (then fails, showing the last
 * value). The servers answer before some of their work is visible elsewhere (mail is written
 * after the answer, another instance's engine catches up on its next read).
 */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A birthday `years` ago today, a day after the birthday so the age holds on both clocks. */
export function birthdayYearsAgo(years: number): string {
  const day = new Date();
  day.setFullYear(day.getFullYear() - years);
  day.setDate(day.getDate() - 1);
  return format(day, 'yyyy-MM-dd');
}
