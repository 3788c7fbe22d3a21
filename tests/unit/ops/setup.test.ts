import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECRET_KEYS } from '../../../src/ops/production-files';
import { run } from '../../../src/ops/setup';
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
    expect(envOf().DATABASE_URL).toMatch(/^postgres:\/\/cita@\/cita\?host=/);
  });

  // systemd is not on every machine that runs the tests (a container, macOS): checked where it is.
  const systemdAnalyze = spawnSync('sh', ['-c', 'command -v systemd-analyze']).status === 0;
  it.runIf(systemdAnalyze)('writes units systemd-analyze verifies without a warning', async () => {
    expect(await setup()).toBe(0);
    const units = at('etc/systemd/system');
    // A template is verified through one of its instances.
    fs.copyFileSync(path.join(units, 'cita@.service'), path.join(units, 'cita@3001.service'));
    const verified = spawnSync(
      'systemd-analyze',
      [
        'verify',
        ...['cita@3001.service', 'cita-backup.service', 'cita-backup.timer'].map((unit) =>
          path.join(units, unit),
        ),
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
    expect(output).toContain('Se deshizo lo que esta ejecución había creado');
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
});
