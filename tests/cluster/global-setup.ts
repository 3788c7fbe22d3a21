import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestProvider, type TestProvider } from '../../src/test-payment-provider/test-provider';
import { RoundRobinProxy } from '../support/round-robin-proxy';
import { createScratchDatabase, type ScratchDatabase, ServerProcess } from '../support/server-process';

export interface ClusterInfo {
  /** The proxy every test calls. */
  url: string;
  databaseUrl: string;
  /** Each backend's DATA_DIR, by backend index (its outbox is `<dir>/outbox`). */
  dataDirs: string[];
  /** The built-in test payment provider both backends pay through (its keys, to sign and read). */
  payments: { url: string; secretKey: string; webhookSecret: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ClusterInfo;
  }
}

/**
 * Two real server processes on one fresh PostgreSQL database, each with its own DATA_DIR (so
 * nothing shared through the disk can hide state kept outside the database), behind a
 * round-robin proxy. Everything is torn down afterwards, also when starting fails half-way.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!process.env.DATABASE_URL) {
    throw new Error(
      'test:cluster necesita DATABASE_URL (un servidor PostgreSQL, p. ej. postgres://postgres@127.0.0.1:5432/test)',
    );
  }
  const servers: ServerProcess[] = [];
  const killServers = () => {
    for (const server of servers) server.signal('SIGKILL');
  };
  // If the runner itself dies, the servers must not outlive it.
  process.once('exit', killServers);
  let proxy: RoundRobinProxy | undefined;
  let database: ScratchDatabase | undefined;
  let secondDataDir: string | undefined;
  let provider: TestProvider | undefined;

  const teardown = async () => {
    await proxy?.close();
    await provider?.close();
    for (const server of servers) {
      await server.stop();
      if (server.output.trim())
        console.log(`--- servidor :${server.port} (DATA_DIR ${server.env.DATA_DIR})\n${server.output}`);
    }
    process.removeListener('exit', killServers);
    await database?.drop();
    if (secondDataDir) fs.rmSync(secondDataDir, { recursive: true, force: true });
  };

  try {
    database = await createScratchDatabase();
    secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-cluster-'));
    proxy = new RoundRobinProxy();
    const url = `http://127.0.0.1:${await proxy.listen()}`;
    // One provider for both, as Stripe is one: its webhooks reach whichever backend the proxy picks.
    provider = await startTestProvider({ webhookUrl: `${url}/api/payments/webhook` });
    const payments = {
      url: provider.url,
      secretKey: provider.secretKey,
      webhookSecret: provider.webhookSecret,
    };
    const common = {
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: url,
      PAYMENTS: 'on',
      STRIPE_SECRET_KEY: payments.secretKey,
      STRIPE_WEBHOOK_SECRET: payments.webhookSecret,
      STRIPE_API_BASE: payments.url,
    };
    const databaseUrl = database.databaseUrl!;
    // The first one migrates and seeds; the second starts once that is done, so they do not race it.
    servers.push(
      await ServerProcess.start({
        databaseUrl,
        dataDir: database.dataDir,
        env: { ...common, SEED_DEMO: '1' },
      }),
    );
    servers.push(
      await ServerProcess.start({ databaseUrl, dataDir: secondDataDir, env: { ...common, SEED_DEMO: '0' } }),
    );
    proxy.route(servers.map((server) => ({ host: '127.0.0.1', port: server.port })));
    project.provide('cluster', { url, databaseUrl, dataDirs: [database.dataDir, secondDataDir], payments });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
