import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runDoctor } from '../../../src/ops/doctor';
import { run as restoreVerb } from '../../../src/ops/restore';
import { makeVerifiedSnapshot } from '../../../src/server/platform/backups/make-snapshot';
import { sqliteFileIn } from '../../../src/server/platform/db/sqlite-file';
import { operatorKeys } from '../../support/backups';
import { setUpTestApp } from '../../support/test-app';

/**
 * `cita restore` and `cita doctor` as the operator meets them on a real server (decision 0058):
 * a damaged newest snapshot named, a newer schema refused, the restored secrets and folder
 * private and where the service user can write, one Spanish line for every mistake.
 */
const operator = await operatorKeys();
const EMAIL_HASH_KEY = 'clave-de-huellas-de-prueba';
const testApp = setUpTestApp({ seedDemo: false, env: { ...operator.env, EMAIL_HASH_KEY } });
const postgres = () => testApp.config.databaseUrl;

afterEach(() => {
  vi.restoreAllMocks();
});

function serverEnv(): NodeJS.ProcessEnv {
  return {
    ...operator.env,
    EMAIL_HASH_KEY,
    DATA_DIR: testApp.config.dataDir,
    ...(postgres() && { DATABASE_URL: postgres() }),
  };
}

/** What a verb printed (both outputs) while it ran, and its exit code. */
async function outputOf(verb: Promise<number>): Promise<{ code: number; printed: string }> {
  const lines: string[] = [];
  const keep = (...parts: unknown[]) => {
    lines.push(parts.join(' '));
  };
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.spyOn(console, 'log').mockImplementation(keep);
  const code = await verb;
  vi.restoreAllMocks();
  return { code, printed: lines.join('\n') };
}

async function snapshot(): Promise<string> {
  const outcome = await makeVerifiedSnapshot(testApp.app.db, testApp.config, 'manual');
  expect(outcome.reason).toBeNull();
  return outcome.file!;
}

let targets = 0;
/** A fresh restore target of this test's engine: a folder, or a database URL dropped afterwards. */
function freshTarget(): string {
  targets += 1;
  const folder = path.join(path.dirname(operator.backupDir), `restaurada-${targets}`);
  return postgres() ? `${postgres()}_r${targets}`.replace(/\?.*$/, '') : folder;
}

async function dropTarget(target: string): Promise<void> {
  if (!target.startsWith('postgres')) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${new URL(target).pathname.slice(1)} with (force)`);
  } finally {
    await admin.end();
  }
}

async function doctorLine(name: string): Promise<string | undefined> {
  const lines: string[] = [];
  await runDoctor(serverEnv(), { print: (line) => lines.push(line) });
  return lines.find((line) => line.slice(2).startsWith(`${name}: `));
}

function emptyBackupDir(): void {
  fs.rmSync(operator.backupDir, { recursive: true, force: true });
}

describe('a damaged or deleted newest snapshot is named, never passed over', () => {
  it('restore latest refuses a newest snapshot whose manifest no longer reads, naming it and the command for the previous one', async () => {
    emptyBackupDir();
    const previous = await snapshot();
    const newest = await snapshot();
    const manifest = newest.replace(/\.[a-z]+\.age$/, '.manifest.json');
    fs.writeFileSync(manifest, '{"format":"cita-respal');
    const into = freshTarget();
    const refused = await outputOf(
      restoreVerb(['latest', '--identity', operator.identityFile, '--into', into], serverEnv()),
    );
    expect(refused.code).toBe(1);
    expect(refused.printed).toContain(`El respaldo más reciente está dañado: su manifiesto ${manifest}`);
    const previousMadeAt = JSON.parse(
      fs.readFileSync(previous.replace(/\.[a-z]+\.age$/, '.manifest.json'), 'utf8'),
    ).created_at;
    expect(refused.printed).toContain(
      `Para restaurar el anterior (del ${previousMadeAt}), nómbrelo: cita restore ${previous} --identity …`,
    );
    expect(refused.printed).not.toContain('Restaurado');
    // Named, the previous one restores.
    const restored = await outputOf(
      restoreVerb([previous, '--identity', operator.identityFile, '--into', into], serverEnv()),
    );
    expect(restored.code).toBe(0);
    await dropTarget(into);
    expect(await doctorLine('archivo del último respaldo')).toMatch(/^✗ .*está dañado: su manifiesto/);
  });

  it('restore latest refuses a truncated newest file with the same hint; doctor ✗ when it is damaged or deleted, ✓ when intact', async () => {
    emptyBackupDir();
    const previous = await snapshot();
    const newest = await snapshot();
    expect(await doctorLine('archivo del último respaldo')).toBe(
      `✓ archivo del último respaldo: ${path.basename(newest)} coincide con su manifiesto (tamaño y sha256)`,
    );
    fs.truncateSync(newest, Math.floor(fs.statSync(newest).size / 2));
    const into = freshTarget();
    const refused = await outputOf(
      restoreVerb(['latest', '--identity', operator.identityFile, '--into', into], serverEnv()),
    );
    expect(refused.code).toBe(1);
    expect(refused.printed).toContain(`El respaldo ${path.basename(newest)} no coincide con su manifiesto`);
    expect(refused.printed).toContain(`nómbrelo: cita restore ${previous} --identity …`);
    expect(await doctorLine('archivo del último respaldo')).toMatch(
      new RegExp(`^✗ .*${path.basename(newest).replaceAll('.', '\\.')} no coincide con su manifiesto`),
    );
    fs.rmSync(newest);
    expect(await doctorLine('archivo del último respaldo')).toMatch(/^✗ .*Falta el archivo del respaldo/);
    // Snapshot and manifest both gone: the record of the last verified one still names it.
    fs.rmSync(newest.replace(/\.[a-z]+\.age$/, '.manifest.json'));
    expect(await doctorLine('archivo del último respaldo')).toBe(
      `✗ archivo del último respaldo: el último respaldo verificado, ${path.basename(newest)}, ya no está en ${operator.backupDir}; el más reciente ahí es ${path.basename(previous)}`,
    );
  });
});

describe('a snapshot from a newer version of Cita', () => {
  it('is refused by this code with a Spanish message, and the target is left as it was', async () => {
    emptyBackupDir();
    const future = '9999-01-01-de-una-version-futura';
    await sql`insert into kysely_migration (name, timestamp) values (${future}, ${new Date().toISOString()})`.execute(
      testApp.app.db,
    );
    let file: string;
    try {
      file = await snapshot();
    } finally {
      await sql`delete from kysely_migration where name = ${future}`.execute(testApp.app.db);
    }
    const into = freshTarget();
    const refused = await outputOf(
      restoreVerb([file, '--identity', operator.identityFile, '--into', into], serverEnv()),
    );
    expect(refused.code).toBe(1);
    expect(refused.printed).toBe(
      `Este respaldo es de una versión de Cita más nueva que este código: su base tiene migraciones que este código no conoce (${future}). No se restaura: actualice este checkout a esa versión o una más nueva (git pull) y vuelva a correr cita restore.`,
    );
    if (postgres()) {
      const tables = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_tables where schemaname = 'public'`;
      const restored = new pg.Client({ connectionString: into });
      await restored.connect();
      try {
        expect((await restored.query(tables.compile(testApp.app.db).sql)).rows[0].n).toBe(0);
      } finally {
        await restored.end();
      }
      await dropTarget(into);
    } else {
      expect(fs.existsSync(sqliteFileIn(into))).toBe(false);
    }
  });
});

describe('where a restore leaves what it writes', () => {
  it('the secrets file goes to the restored folder (SQLite) or DATA_DIR (PostgreSQL), never the current folder, mode 0600; a SQLite folder is 0700 with 0600 files', async () => {
    emptyBackupDir();
    const file = await snapshot();
    const into = freshTarget();
    const dataDir = path.join(path.dirname(operator.backupDir), `datos-${targets}`);
    fs.mkdirSync(dataDir, { recursive: true });
    const restored = await outputOf(
      restoreVerb([file, '--identity', operator.identityFile, '--into', into], {
        ...serverEnv(),
        DATA_DIR: dataDir,
      }),
    );
    expect(restored.code).toBe(0);
    const secrets = path.join(postgres() ? dataDir : into, 'claves-restauradas.env');
    expect(restored.printed).toContain(`quedaron en ${secrets} (permisos 0600)`);
    expect(fs.readFileSync(secrets, 'utf8')).toBe(`EMAIL_HASH_KEY=${EMAIL_HASH_KEY}\n`);
    expect(fs.statSync(secrets).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.resolve('claves-restauradas.env'))).toBe(false);
    if (postgres()) {
      await dropTarget(into);
      return;
    }
    expect(fs.statSync(into).mode & 0o777).toBe(0o700);
    const files = fs.readdirSync(into);
    expect(files).toContain('cita.sqlite');
    for (const name of files)
      expect([name, fs.statSync(path.join(into, name)).mode & 0o777]).toEqual([name, 0o600]);
  });

  it('a backup of one engine sent to the other is refused with an example of the right --into', async () => {
    emptyBackupDir();
    const file = await snapshot();
    const wrong = postgres()
      ? path.join(path.dirname(operator.backupDir), 'carpeta')
      : 'postgres:///cita_restaurada';
    const refused = await outputOf(
      restoreVerb([file, '--identity', operator.identityFile, '--into', wrong], serverEnv()),
    );
    expect(refused.code).toBe(1);
    expect(refused.printed).toBe(
      postgres()
        ? 'Este respaldo es de PostgreSQL: se restaura en una base PostgreSQL (--into postgres://…)'
        : 'Este respaldo es de SQLite: se restaura en una carpeta, no en PostgreSQL (por ejemplo --into /srv/cita-restaurada)',
    );
  });

  it('an identity file the service user cannot read (age-keygen as root, 0600) gets a Spanish hint', async () => {
    emptyBackupDir();
    const file = await snapshot();
    // The operator's key as root made it; the restore runs as another user (nobody here, cita there).
    const rootOnly = path.join(path.dirname(operator.identityFile), 'clave-de-root.txt');
    fs.copyFileSync(operator.identityFile, rootOnly);
    fs.chmodSync(rootOnly, 0o600);
    for (let folder = path.dirname(rootOnly); folder !== '/'; folder = path.dirname(folder)) {
      fs.chmodSync(folder, fs.statSync(folder).mode | 0o005);
    }
    const child = spawn(
      process.execPath,
      ['bin/cita.mjs', 'restore', file, '--identity', rootOnly, '--into', freshTarget()],
      {
        env: { ...process.env, ...serverEnv(), HOME: '/tmp' },
        uid: 65534,
        gid: 65534,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) =>
      child.on('exit', (exitCode) => resolve(exitCode)),
    );
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `El usuario nobody no puede leer ${rootOnly} (es de otro usuario, con permisos 0600). Désela sólo para esta restauración: install -o nobody -m 0400 ${rootOnly} /tmp/clave-de-root.txt y use --identity /tmp/clave-de-root.txt (bórrela al terminar: shred -u /tmp/clave-de-root.txt).`,
    );
  });
});

describe('restore --activate on a wrong target', () => {
  it('says why in one Spanish line, without a stack', async () => {
    const refused = await outputOf(
      restoreVerb(['--activate', '--into', 'postgres://postgres@127.0.0.1:1/cita_restaurada'], serverEnv()),
    );
    expect(refused.code).toBe(1);
    expect(refused.printed).toBe(
      'PostgreSQL no responde en la dirección de --into (ECONNREFUSED): revise el servidor y la dirección.',
    );
    if (!postgres()) return;
    const missing = await outputOf(
      restoreVerb(['--activate', '--into', `${freshTarget()}_no_existe`], serverEnv()),
    );
    expect(missing.code).toBe(1);
    expect(missing.printed).toMatch(/^No existe la base \w+_no_existe: revise el nombre en --into/);
    // A database that is not Cita's: the test server's own maintenance database.
    const foreign = await outputOf(
      restoreVerb(
        ['--activate', '--into', process.env.DATABASE_URL!.replace(/\/[^/]*$/, '/postgres')],
        serverEnv(),
      ),
    );
    expect(foreign.code).toBe(1);
    expect(foreign.printed).toBe(
      'No es una base de Cita (a la base postgres le faltan sus tablas): revise --into.',
    );
  });
});
