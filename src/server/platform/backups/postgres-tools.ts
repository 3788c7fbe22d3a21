import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';

/**
 * libpq's variables for a database URL, read by the parser node-postgres itself uses, so that
 * pg_dump, pg_restore and psql reach the same server, socket, role and database as the app: a
 * `?host=/var/run/postgresql` (the local socket) or `?user=` in the URL counts for them too. The
 * password never goes on their command line (where `ps` would show it).
 */
export function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const connection = parseConnectionString(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['PGHOST', 'PGPORT', 'PGUSER', 'PGPASSWORD', 'PGDATABASE', 'PGSSLMODE'])
    delete env[name];
  const set = (name: string, value: unknown) => {
    if (typeof value === 'string' && value !== '') env[name] = value;
  };
  set('PGHOST', connection.host);
  set('PGPORT', connection.port);
  set('PGUSER', connection.user);
  set('PGPASSWORD', connection.password);
  set('PGDATABASE', connection.database);
  set('PGSSLMODE', connection.sslmode);
  return env;
}

/** A PostgreSQL client program's end: resolves when it exits 0, else rejects with its last words. */
function finished(command: string, child: ReturnType<typeof spawn>): Promise<void> {
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2_000);
  });
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject(new Error(`No se pudo ejecutar ${command}: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} terminó con el código ${code}: ${errors.trim() || 'sin mensaje'}`));
    });
  });
}

/**
 * `pg_dump -Fc` of the database at `snapshotId` (a snapshot exported by the transaction that
 * computes the source figures, so both read the same moment): its output and its end.
 */
export function dumpPostgres(
  databaseUrl: string,
  snapshotId: string,
): { output: Readable; done: Promise<void>; stop: () => void } {
  const child = spawn('pg_dump', ['--format=custom', `--snapshot=${snapshotId}`, '--no-password'], {
    env: libpqEnvironment(databaseUrl),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { output: child.stdout, done: finished('pg_dump', child), stop: () => child.kill() };
}

/** Restores a custom-format dump read from `input` into the (empty) database at `databaseUrl`. */
export async function restorePostgres(input: Readable, databaseUrl: string): Promise<void> {
  const child = spawn(
    'pg_restore',
    [
      `--dbname=${databaseNameOf(databaseUrl)}`,
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--no-password',
      '--single-transaction',
    ],
    { env: libpqEnvironment(databaseUrl), stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const done = finished('pg_restore', child);
  input.on('error', (error) => child.stdin.destroy(error));
  child.stdin.on('error', () => {
    // pg_restore stopped reading (it failed): its exit code says why.
  });
  input.pipe(child.stdin);
  await Promise.all([
    done,
    new Promise<void>((resolve, reject) => input.on('end', resolve).on('error', reject)),
  ]);
}

/** The URL of another database on the same server. */
export function databaseUrlNamed(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function databaseNameOf(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

/** Runs `work` on a client of the server's maintenance database (to create and drop others). */
export function onMaintenanceDatabase<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  return withPostgresClient(databaseUrlNamed(databaseUrl, 'postgres'), work);
}

/** A name for one verification's scratch database, known before it exists. */
export function scratchDatabaseName(): string {
  return `cita_verificacion_${randomBytes(6).toString('hex')}`;
}

/** A new empty database beside the site's, for one verification; `drop` removes it. */
export async function createScratchDatabase(
  databaseUrl: string,
  name = scratchDatabaseName(),
): Promise<{ url: string; drop: () => Promise<void> }> {
  await onMaintenanceDatabase(databaseUrl, (client) => client.query(`create database ${name}`));
  return {
    url: databaseUrlNamed(databaseUrl, name),
    drop: () =>
      onMaintenanceDatabase(databaseUrl, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** Runs `work` on a new client of `databaseUrl`, closed afterwards. */
export async function withPostgresClient<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
