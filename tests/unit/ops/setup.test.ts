import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productionLayout, renderEnvFile, SECRET_KEYS } from '../../../src/ops/production-files';
import {
  checkSetupOptions,
  ensurePostgresDatabase,
  firstBackup,
  POSTGRES_URL,
  run,
  startServices,
  writeProductionFiles,
} from '../../../src/ops/setup';
import { type CommandResult, useRunner } from '../../../src/ops/system-commands';
import { UndoJournal } from '../../../src/ops/undo-journal';
import { libpqEnvironment } from '../../../src/server/platform/backups/postgres-tools';
import { configFromEnv } from '../../../src/server/platform/config';

let root: string;
let printed: string[];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-setup-'));
  printed = [];
  const keep = (...parts: unknown[]) => {
    printed.push(parts.join(' '));
  };
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
});

afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

const setup = (...extra: string[]) =>
  run(['--domain', 'cita.test', '--email', 'ops@cita.test', '--root', root, ...extra]);

const at = (relative: string) => path.join(root, relative);
const ENV_FILE = 'etc/cita/cita.env';
const CADDYFILE = 'etc/caddy/Caddyfile';
const UNITS = ['cita@.service', 'cita-backup.service', 'cita-backup.timer'].map(
  (name) => `etc/systemd/system/${name}`,
);

/** Every file under the root with its mode and content (and its time: whether it was rewritten). */
function snapshot(withTimes = false): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(full);
    const mode = (stat.mode & 0o7777).toString(8);
    files[path.relative(root, full)] = entry.isFile()
      ? `${mode} ${withTimes ? stat.mtimeMs : ''} ${fs.readFileSync(full, 'utf8')}`
      : `${mode} dir`;
  }
  return files;
}

const modeOf = (relative: string) => (fs.statSync(at(relative)).mode & 0o777).toString(8);
const envOf = () => parseEnv(fs.readFileSync(at(ENV_FILE), 'utf8'));

/** Caddy's own check, with its storage kept inside the test's root. */
function caddyValidate(file: string) {
  return spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', file], {
    encoding: 'utf8',
    env: { ...process.env, XDG_DATA_HOME: at('caddy-data'), XDG_CONFIG_HOME: at('caddy-config') },
  });
}

describe('cita setup --root', () => {
  it('writes the env file (0600), the units and the Caddyfile under the root', async () => {
    expect(await setup()).toBe(0);
    expect(modeOf(ENV_FILE)).toBe('600');
    expect(modeOf('etc/cita')).toBe('750');
    expect(modeOf('var/lib/cita')).toBe('750');
    for (const unit of UNITS) expect(modeOf(unit)).toBe('644');
    expect(modeOf(CADDYFILE)).toBe('644');
    const unit = fs.readFileSync(at(UNITS[0]!), 'utf8');
    expect(unit).toContain(`EnvironmentFile=${at(ENV_FILE)}`);
    expect(unit).toContain(`ReadWritePaths=${at('var/lib/cita')}`);
    expect(unit).toMatch(/^LimitNOFILE=65536$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(fs.readFileSync(at(UNITS[1]!), 'utf8')).toMatch(/bin\/cita\.mjs backup$/m);
  });

  it('puts every secret the server reads into the env file', async () => {
    expect(await setup()).toBe(0);
    const env = envOf();
    for (const key of SECRET_KEYS) expect(env[key], key).toMatch(/^[\w-]{16,}$/);
    const config = configFromEnv(env);
    expect(config.push.vapidPublicKey).toBe(env.VAPID_PUBLIC_KEY);
    expect(config.push.vapidPrivateKey).toBe(env.VAPID_PRIVATE_KEY);
    expect(config.payments.siteId).toBe(env.SITE_ID);
    expect(config.emailHashKey).toBe(env.EMAIL_HASH_KEY);
    expect(config.publicUrl).toBe('https://cita.test');
    expect(config.seedDemo).toBe(false);
    expect(config.payments.mode).toBe('off');
    expect(config.databaseUrl).toBeUndefined();
  });

  it('changes nothing when run a second time', async () => {
    expect(await setup()).toBe(0);
    const first = snapshot(true);
    printed = [];
    expect(await setup()).toBe(0);
    expect(snapshot(true)).toEqual(first);
    expect(printed.filter((line) => line.startsWith('✓'))).toEqual([]);
  });

  it('keeps the secrets and the operator’s own lines when the domain changes', async () => {
    expect(await setup()).toBe(0);
    const before = envOf();
    fs.appendFileSync(at(ENV_FILE), 'SMTP_URL=smtp://correo.cita.test:587\nSTRIPE_SECRET_KEY=sk_live_x\n');
    expect(await run(['--domain', 'otra.cita.test', '--email', 'ops@cita.test', '--root', root])).toBe(0);
    const after = envOf();
    for (const key of SECRET_KEYS) expect(after[key], key).toBe(before[key]);
    expect(after.PUBLIC_URL).toBe('https://otra.cita.test');
    expect(after.SMTP_URL).toBe('smtp://correo.cita.test:587');
    expect(after.PAYMENTS).toBe('on');
    expect(fs.readFileSync(at(CADDYFILE), 'utf8')).toMatch(/^otra\.cita\.test \{$/m);
  });

  it('lets the services write to the BACKUP_DIR the operator added (the nightly backup runs in them)', async () => {
    expect(await setup()).toBe(0);
    const writable = () =>
      UNITS.filter((unit) => unit.endsWith('.service')).map(
        (unit) => /^ReadWritePaths=(.*)$/m.exec(fs.readFileSync(at(unit), 'utf8'))?.[1],
      );
    expect(writable()).toEqual([at('var/lib/cita'), at('var/lib/cita')]);
    fs.appendFileSync(at(ENV_FILE), 'BACKUP_DIR=/mnt/otro-disco/cita\n');
    expect(await setup()).toBe(0);
    const both = `${at('var/lib/cita')} -/mnt/otro-disco/cita`;
    expect(writable()).toEqual([both, both]);
  });

  it('writes a Caddyfile that Caddy accepts, proxying to every instance', async () => {
    expect(await setup('--postgres', '--instances', '3')).toBe(0);
    const caddyfile = fs.readFileSync(at(CADDYFILE), 'utf8');
    expect(caddyfile).toMatch(/reverse_proxy 127\.0\.0\.1:3001 127\.0\.0\.1:3002 127\.0\.0\.1:3003 \{/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(caddyfile).toMatch(/Strict-Transport-Security/);
    const validated = caddyValidate(at(CADDYFILE));
    expect(validated.error, 'caddy is missing: .ci/run installs it (apt-get install caddy)').toBeUndefined();
    expect(validated.stderr + validated.stdout).toContain('Valid configuration');
    expect(validated.status).toBe(0);
    expect(envOf().DATABASE_URL).toBe(POSTGRES_URL);
  });

  // systemd is not on every machine that runs the tests (a container, macOS): checked where it is.
  const systemdAnalyze = spawnSync('sh', ['-c', 'command -v systemd-analyze']).status === 0;
  it.runIf(systemdAnalyze)('writes units systemd-analyze verifies without a warning', async () => {
    // --postgres adds pgBackRest's nightly full backup.
    expect(await setup('--postgres')).toBe(0);
    const units = at('etc/systemd/system');
    // A template is verified through one of its instances.
    fs.copyFileSync(path.join(units, 'cita@.service'), path.join(units, 'cita@3001.service'));
    const verified = spawnSync(
      'systemd-analyze',
      [
        'verify',
        ...[
          'cita@3001.service',
          'cita-backup.service',
          'cita-backup.timer',
          'cita-pgbackrest.service',
          'cita-pgbackrest.timer',
        ].map((unit) => path.join(units, unit)),
      ],
      { encoding: 'utf8' },
    );
    expect(verified.stderr + verified.stdout).toBe('');
    expect(verified.status).toBe(0);
  });

  it('undoes a failed first run and says in Spanish what to fix', async () => {
    // Something that is not a folder where the Caddyfile must go: the last file cannot be written.
    fs.mkdirSync(at('etc'));
    fs.writeFileSync(at('etc/caddy'), 'no soy una carpeta');
    const before = snapshot();
    expect(await setup()).toBe(1);
    expect(snapshot()).toEqual(before);
    const output = printed.join('\n');
    expect(output).toContain(`no se pudo escribir ${at(CADDYFILE)}`);
    expect(output).toContain('Se deshizo lo que esta ejecución había hecho');
  });

  it('puts the files of a failed second run back as they were', async () => {
    expect(await setup()).toBe(0);
    fs.rmSync(at(CADDYFILE));
    fs.mkdirSync(at(CADDYFILE));
    const before = snapshot();
    expect(await run(['--domain', 'otra.cita.test', '--email', 'ops@cita.test', '--root', root])).toBe(1);
    expect(snapshot()).toEqual(before);
    expect(envOf().PUBLIC_URL).toBe('https://cita.test');
  });

  it('refuses bad arguments with one Spanish line each', async () => {
    expect(
      await run(['--domain', 'https://cita.test/', '--email', 'nadie', '--instances', '2', '--root', root]),
    ).toBe(2);
    const output = printed.join('\n');
    expect(output).toContain('--domain: escribe el dominio del sitio');
    expect(output).toContain('--email: escribe el correo del responsable');
    expect(output).toContain('--instances mayor que 1 necesita --postgres');
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('prints its Spanish usage for --help and -h, and names an unknown option in Spanish', async () => {
    for (const help of ['--help', '-h']) {
      printed = [];
      expect(await run([help])).toBe(0);
      expect(printed.join('\n')).toMatch(/^Uso: cita setup --domain/);
      expect(printed.join('\n')).toContain('--acme-ca URL');
    }
    printed = [];
    expect(await run(['--domain', 'cita.test', '--dominio', 'x'])).toBe(2);
    expect(printed[0]).toBe('cita setup: no existe la opción «--dominio»');
    expect(printed.join('\n')).not.toMatch(/Unknown option/);
  });

  it('writes a Caddyfile `caddy fmt` finds formatted, with the ACME authority kept across runs', async () => {
    const rootCertificate = at('pebble.minica.pem');
    fs.writeFileSync(rootCertificate, '-----BEGIN CERTIFICATE-----\n');
    const acme = ['--acme-ca', 'https://localhost:14000/dir', '--acme-ca-root', rootCertificate];
    expect(await setup()).toBe(0);
    const formatted = () => {
      const result = spawnSync('caddy', ['fmt', '--diff', at(CADDYFILE)], { encoding: 'utf8' });
      // `--diff` prints every line, the ones fmt would change with "-" or "+" in front.
      return result.stdout.split('\n').filter((line) => /^[-+]/.test(line));
    };
    expect(formatted()).toEqual([]);
    expect(await setup(...acme)).toBe(0);
    expect(formatted()).toEqual([]);
    const adapted = spawnSync('caddy', ['adapt', '--config', at(CADDYFILE)], {
      encoding: 'utf8',
      env: { ...process.env, XDG_DATA_HOME: at('caddy-data'), XDG_CONFIG_HOME: at('caddy-config') },
    });
    expect(adapted.status).toBe(0);
    expect(adapted.stderr).not.toMatch(/not formatted/);
    const issuer = () => JSON.parse(adapted.stdout).apps.tls.automation.policies[0].issuers[0];
    expect(issuer()).toMatchObject({
      ca: 'https://localhost:14000/dir',
      trusted_roots_pem_files: [rootCertificate],
    });
    expect(envOf().ACME_CA).toBe('https://localhost:14000/dir');
    expect(envOf().ACME_CA_ROOT).toBe(rootCertificate);
    // A later run without the options (README step 2) keeps the authority.
    const caddyfile = fs.readFileSync(at(CADDYFILE), 'utf8');
    expect(await setup()).toBe(0);
    expect(fs.readFileSync(at(CADDYFILE), 'utf8')).toBe(caddyfile);
    expect(caddyfile).toMatch(/^\tacme_ca https:\/\/localhost:14000\/dir$/m);
    expect(formatted()).toEqual([]);
  });

  it('hardens both services with the same block', async () => {
    expect(await setup()).toBe(0);
    const hardening = (unit: string) =>
      fs
        .readFileSync(at(`etc/systemd/system/${unit}`), 'utf8')
        .split('\n')
        .filter((line) =>
          /^(UMask|No|Protect|Private|Restrict|Lock|Capability|SystemCall|ReadWritePaths)/.test(line),
        );
    expect(hardening('cita-backup.service')).toEqual(hardening('cita@.service'));
    expect(hardening('cita-backup.service')).toEqual(
      expect.arrayContaining([
        'ProtectClock=yes',
        'ProtectKernelLogs=yes',
        'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX',
      ]),
    );
  });
});

describe('the env file on a re-run', () => {
  const base = {
    domain: 'cita.test',
    email: 'ops@cita.test',
    dataDir: '/var/lib/cita',
    webDistDir: '/opt/cita/dist/web',
  };

  it('never drops an operator’s line: her values win where she may set them, secrets stay', () => {
    const first = renderEnvFile({ ...base, databaseUrl: '', existing: undefined });
    const edited = `${first
      .replace(/^DATABASE_URL=.*$/m, 'DATABASE_URL=postgres://cita@db.interna:5432/cita')
      .replace(/^HOST=.*$/m, 'HOST=::1')
      .replace(/^TRUST_PROXY=.*$/m, 'TRUST_PROXY=10.0.0.0/8')
      .replace(/^DATA_DIR=.*$/m, 'DATA_DIR=/srv/cita')
      .replace(
        /^SEED_DEMO=.*$/m,
        'SEED_DEMO=1',
      )}# mi nota\nSMTP_URL=smtp://correo:587\nexport BACKUP_HOUR=4\n`;
    // Another domain and --postgres: the operator's database is still the one used.
    const again = renderEnvFile({
      ...base,
      domain: 'otra.cita.test',
      databaseUrl: POSTGRES_URL,
      existing: edited,
    });
    const env = parseEnv(again);
    expect(env.DATABASE_URL).toBe('postgres://cita@db.interna:5432/cita');
    expect(env.HOST).toBe('::1');
    expect(env.TRUST_PROXY).toBe('10.0.0.0/8');
    expect(env.DATA_DIR).toBe('/srv/cita');
    expect(env.SEED_DEMO).toBe('1');
    expect(env.PUBLIC_URL).toBe('https://otra.cita.test');
    expect(env.SMTP_URL).toBe('smtp://correo:587');
    expect(env.BACKUP_HOUR).toBe('4');
    expect(again).toContain('# mi nota\n');
    for (const key of SECRET_KEYS) expect(env[key], key).toBe(parseEnv(first)[key]);
    // Each key once: the operator's line is not repeated after the template's.
    for (const key of Object.keys(env))
      expect(again.match(new RegExp(`^(export )?${key}=`, 'gm')), key).toHaveLength(1);
    // And a run after that changes nothing.
    expect(
      renderEnvFile({ ...base, domain: 'otra.cita.test', databaseUrl: POSTGRES_URL, existing: again }),
    ).toBe(again);
  });

  it('writes an env file that README step 3 can load in bash (set -a; . cita.env), DATABASE_URL included', () => {
    const file = path.join(root, 'cita.env');
    fs.writeFileSync(file, renderEnvFile({ ...base, databaseUrl: POSTGRES_URL, existing: undefined }));
    const loaded = spawnSync('bash', ['-c', `set -a; . ${file}; set +a; printf %s "$DATABASE_URL"`], {
      encoding: 'utf8',
    });
    expect(loaded.stdout).toBe(POSTGRES_URL);
    expect(configFromEnv({ DATABASE_URL: loaded.stdout }).databaseUrl).toBe(POSTGRES_URL);
    // pg_dump and pg_restore reach the same socket, role and database as the app.
    const libpq = libpqEnvironment(POSTGRES_URL);
    expect([libpq.PGHOST, libpq.PGUSER, libpq.PGDATABASE]).toEqual(['/var/run/postgresql', 'cita', 'cita']);
  });

  it('replaces the socket URL an earlier setup wrote, which the configuration check refused', () => {
    const earlier = renderEnvFile({
      ...base,
      databaseUrl: 'postgres://cita@/cita?host=/var/run/postgresql',
      existing: undefined,
    });
    expect(
      parseEnv(renderEnvFile({ ...base, databaseUrl: POSTGRES_URL, existing: earlier })).DATABASE_URL,
    ).toBe(POSTGRES_URL);
    expect(configFromEnv({ DATABASE_URL: POSTGRES_URL }).databaseUrl).toBe(POSTGRES_URL);
  });
});

describe('a failed run on a live machine', () => {
  it('puts every file back byte for byte, reloads systemd, restarts what ran, reloads Caddy, and only then drops the new database', async () => {
    // The live site: a SQLite install with one instance, its backup timer and Caddy running.
    expect(await setup()).toBe(0);
    const before = snapshot();
    const running = new Set(['cita@3001.service', 'cita-backup.timer', 'caddy']);
    const commands: string[] = [];
    let failing = true;
    const ok = (stdout = ''): CommandResult => ({ ok: true, stdout, stderr: '' });
    const restore = useRunner((command, args) => {
      let line = [command, ...args].join(' ');
      // What the files say when systemd is told to read them again.
      if (args[0] === 'daemon-reload') {
        line += fs.readFileSync(at(CADDYFILE), 'utf8').includes('otra.cita.test')
          ? ' (archivos nuevos)'
          : ' (archivos anteriores)';
      }
      commands.push(line);
      const unit = args.at(-1) ?? '';
      if (args[0] === 'is-active' || args[0] === 'is-enabled') return { ...ok(), ok: running.has(unit) };
      if (args[0] === 'list-units')
        return ok(
          [...running]
            .filter((name) => name.startsWith('cita@'))
            .map((name) => `${name} loaded active running Cita`)
            .join('\n'),
        );
      // PostgreSQL has neither the role nor the database yet.
      if (args.includes('psql') && /^select/.test(unit)) return ok('');
      // The planted failure: Caddy refuses the new Caddyfile.
      if (failing && args[0] === 'reload-or-restart')
        return { ok: false, stdout: '', stderr: 'Caddyfile inválido' };
      return ok();
    });
    const journal = new UndoJournal();
    try {
      const options = checkSetupOptions({
        domain: 'otra.cita.test',
        email: 'ops@cita.test',
        postgres: true,
        instances: '2',
        root,
        'skip-checks': '',
      });
      ensurePostgresDatabase(journal);
      const changed = writeProductionFiles(options, productionLayout(root), journal);
      await expect(startServices(options, changed, journal, productionLayout(root).envFile)).rejects.toThrow(
        /reload-or-restart caddy/,
      );
      failing = false;
      commands.length = 0;
      expect(await journal.rollback()).toEqual([]);
    } finally {
      restore();
    }
    expect(snapshot()).toEqual(before);
    expect(commands).toEqual([
      'systemctl daemon-reload (archivos anteriores)',
      'systemctl restart cita-backup.timer',
      'systemctl enable cita-backup.timer',
      'systemctl stop cita@3002.service',
      'systemctl disable cita@3002.service',
      'systemctl restart cita@3001.service',
      'systemctl enable cita@3001.service',
      'systemctl reload-or-restart caddy',
      'systemctl enable caddy',
      'runuser -u postgres -- psql -tAc drop database if exists cita with (force)',
      'runuser -u postgres -- psql -tAc drop role if exists cita',
    ]);
  });
});

describe('the first verified backup', () => {
  const env = {
    DATA_DIR: '/var/lib/cita',
    BACKUP_DIR: '/mnt/otro-disco/cita',
    BACKUP_AGE_RECIPIENT: 'age1x',
  };

  it('runs `cita backup` as cita with the env file’s variables, and says where the backup went', () => {
    const seen: Array<{ line: string; env: NodeJS.ProcessEnv; cwd: string | undefined }> = [];
    const restore = useRunner((command, args, childEnv, cwd) => {
      seen.push({ line: [command, ...args].join(' '), env: childEnv, cwd });
      return {
        ok: true,
        stdout:
          'Respaldo verificado: /mnt/otro-disco/cita/cita-2026-11-28.sqlite.age (1.2 MB, 0.4 s)\n  clients  3\n',
        stderr: '',
      };
    });
    try {
      firstBackup(env);
    } finally {
      restore();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]!.line).toMatch(/^runuser -u cita -- \S*node\S* \S+\/bin\/cita\.mjs backup$/);
    expect(seen[0]!.env).toMatchObject(env);
    expect(seen[0]!.cwd).toBe(path.resolve('.'));
    expect(printed).toEqual([
      '✓ Respaldo verificado: /mnt/otro-disco/cita/cita-2026-11-28.sqlite.age (1.2 MB, 0.4 s)',
    ]);
  });

  it('tells a failed backup in Spanish without failing setup, and runs none without backups configured', () => {
    const restore = useRunner(() => ({
      ok: false,
      stdout: '',
      stderr: 'Respaldo NO verificado: sin espacio',
    }));
    try {
      expect(() => firstBackup(env)).not.toThrow();
      expect(printed.join('\n')).toMatch(
        /^✗ El primer respaldo no se pudo hacer \(Respaldo NO verificado: sin espacio\)\. El sitio sigue en línea/,
      );
      printed = [];
      firstBackup({ DATA_DIR: '/var/lib/cita' });
      expect(printed).toEqual([]);
    } finally {
      restore();
    }
  });
});
