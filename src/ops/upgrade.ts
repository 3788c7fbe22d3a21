import fs from 'node:fs';
import { instancePorts, productionLayout, readEnvText } from './production-files';
import { mustRun, SetupError, tryCommand } from './system-commands';
import { APP_DIR, childScriptCommand, runVerbAsCita, SYSTEM_USER } from './system-user';
import { parseVerbArgs } from './verb-options';

const READY_TIMEOUT_MS = 120_000;

export const BACKUP_REQUIRED =
  'cita upgrade necesita un respaldo verificado antes de tocar la base de datos, y no se pudo hacer';

/** One instance behind Caddy, as the rolling restart sees it. */
export interface RestartableInstance {
  name: string;
  port: number;
  /** Stops the instance (SIGTERM: in-flight requests finish) and starts it on the new code. */
  restart(): Promise<void>;
  /** Whether it answers 200 on its readiness check. */
  ready(): Promise<boolean>;
}

/** What sends the requests: told which instances to use (Caddy, through its admin endpoint). */
export interface Balancer {
  sendOnlyTo(ports: number[]): Promise<void>;
}

/**
 * Restarts the instances one at a time. Each is first taken out of the balancer (Caddy finishes
 * what it already sent there), so no request ever meets a closed port: Caddy 2.6 cannot resend a
 * POST's body to another instance. Once it is back and ready, every instance serves again before
 * the next goes (docs/design/23-online.md). An instance that does not come back stops the upgrade: the
 * others keep serving the previous version.
 */
export async function rollingRestart(
  instances: RestartableInstance[],
  balancer: Balancer,
  options: { readyTimeoutMs?: number; log?: (line: string) => void } = {},
): Promise<void> {
  const timeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const all = instances.map((instance) => instance.port);
  // The only instance cannot step aside: Caddy holds its requests while it restarts (Caddyfile's
  // lb_try_duration), rather than answering 503 with no upstream at all.
  const alone = instances.length === 1;
  for (const instance of instances) {
    if (!alone) await balancer.sendOnlyTo(all.filter((port) => port !== instance.port));
    await instance.restart();
    const deadline = Date.now() + timeoutMs;
    while (!(await instance.ready().catch(() => false))) {
      if (Date.now() > deadline) {
        throw new SetupError(
          `${instance.name} no volvió a estar lista en ${timeoutMs / 1000} s; las demás instancias siguen con la versión anterior y Caddy sólo les manda a ellas. Revisa «journalctl -u ${instance.name}».`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!alone) await balancer.sendOnlyTo(all);
    options.log?.(`✓ ${instance.name} lista`);
  }
}

/** The Caddyfile with only `ports` among its upstreams. */
export function caddyfileUsing(caddyfile: string, ports: number[]): string {
  return caddyfile.replace(/^(\s*reverse_proxy) [^{]+\{/m, (_line, directive: string) => {
    return `${directive} ${ports.map((port) => `127.0.0.1:${port}`).join(' ')} {`;
  });
}

/** Caddy reloaded from the Caddyfile with only some upstreams; a reload lets in-flight requests finish. */
export function caddyBalancer(caddyfile: string, adminAddress?: string): Balancer {
  const text = fs.readFileSync(caddyfile, 'utf8');
  return {
    async sendOnlyTo(ports) {
      const file = `${caddyfile}.upgrade`;
      fs.writeFileSync(file, caddyfileUsing(text, ports));
      try {
        mustRun(
          'caddy',
          [
            'reload',
            '--adapter',
            'caddyfile',
            '--config',
            file,
            ...(adminAddress ? ['--address', adminAddress] : []),
          ],
          'Revisa «systemctl status caddy»: cita upgrade habla con Caddy por su dirección de administración.',
        );
      } finally {
        fs.rmSync(file, { force: true });
      }
    },
  };
}

/** The instances `cita setup` enabled, from the Caddyfile's upstreams (cita@3001 …). */
function enabledPorts(caddyfile: string): number[] {
  const text = fs.readFileSync(caddyfile, 'utf8');
  const upstreams = /reverse_proxy ([^{]+)\{/.exec(text)?.[1] ?? '';
  const ports = [...upstreams.matchAll(/127\.0\.0\.1:(\d+)/g)].map((match) => Number(match[1]));
  return ports.length > 0 ? ports : instancePorts(1);
}

function systemdInstance(port: number): RestartableInstance {
  const unit = `cita@${port}.service`;
  return {
    name: unit,
    port,
    restart: async () => {
      mustRun('systemctl', ['restart', unit], `Revisa «journalctl -u ${unit}».`);
    },
    ready: async () =>
      (await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok,
  };
}

/**
 * A verified snapshot (docs/design/24-backups.md) before anything else: `cita backup --before-upgrade`, as the
 * `cita` user, must succeed, or the upgrade refuses and nothing has changed (backups not
 * configured, or the snapshot not verified, says why).
 */
function backUpFirst(env: NodeJS.ProcessEnv): void {
  const result = runVerbAsCita(['backup', '--before-upgrade'], env);
  if (!result.ok) {
    const reason = result.stderr.trim().split('\n').slice(-3).join(' ') || 'terminó con error';
    throw new SetupError(
      `${BACKUP_REQUIRED} (${reason}). Configura los respaldos (BACKUP_DIR y BACKUP_AGE_RECIPIENT en ${productionLayout('/').envFile}) y corre «cita backup» hasta que termine bien; luego vuelve a correr cita upgrade.`,
    );
  }
  const where = result.stdout.trim().split('\n')[0];
  if (where) console.log(`✓ ${where}`);
}

/**
 * The migrations, run as the `cita` user in a process of their own (`children/migrate-database.ts`) under
 * the migration lock; `asUser` is left out only by tests (no `cita` user there).
 */
export function migrateInChildProcess(env: NodeJS.ProcessEnv, asUser?: string): () => Promise<string[]> {
  return async () => {
    const command = childScriptCommand('migrate-database');
    const result = asUser
      ? tryCommand('runuser', ['-u', asUser, '--', ...command], env, APP_DIR)
      : tryCommand(command[0]!, command.slice(1), env, APP_DIR);
    if (!result.ok) {
      throw new SetupError(result.stderr.trim().split('\n').at(-1) || 'las migraciones terminaron con error');
    }
    return result.stdout.split('\n').filter(Boolean);
  };
}

/** What `cita upgrade` does, in its order; tests give their own migrations and instances. */
export interface UpgradeSteps {
  backUp(): Promise<void>;
  migrate(): Promise<string[]>;
  restart(): Promise<void>;
}

/**
 * A verified backup, then the migrations (old instances keep serving: a release's migrations
 * keep the previous version working), then the rolling restart. A step that fails stops the
 * upgrade before the next: a failed migration restarts nothing, so the previous version serves on.
 */
export async function upgrade(
  steps: UpgradeSteps,
  print: { out: (line: string) => void; err: (line: string) => void } = {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  },
): Promise<number> {
  try {
    await steps.backUp();
  } catch (error) {
    print.err(`\ncita upgrade no terminó: ${(error as Error).message}`);
    return 1;
  }
  try {
    const applied = await steps.migrate();
    print.out(
      applied.length > 0
        ? `✓ Migraciones aplicadas: ${applied.join(', ')}`
        : '✓ La base de datos ya estaba al día',
    );
  } catch (error) {
    print.err(
      `\ncita upgrade no terminó: ${(error as Error).message}.\nNo se reinició ninguna instancia: todas siguen sirviendo la versión anterior.`,
    );
    return 1;
  }
  try {
    await steps.restart();
  } catch (error) {
    print.err(`\ncita upgrade no terminó: ${(error as Error).message}`);
    return 1;
  }
  print.out('Cita quedó actualizada sin cortar el servicio.');
  return 0;
}

export const HELP = `Uso: cita upgrade

Actualiza Cita sin cortar el servicio, como root y después de «git pull && npm install && npm run
build»: un respaldo verificado (cita backup --before-upgrade), las migraciones bajo un candado de la
base y luego cada instancia, una a la vez, de vuelta en /readyz antes de la siguiente.`;

/** `cita upgrade`, run as root after the new code (and its web build) is in the checkout. */
export async function run(args: string[]): Promise<number> {
  const parsed = parseVerbArgs('upgrade', HELP, {}, args);
  if (parsed.values === undefined) return parsed.exitCode;
  const { caddyfile, envFile } = productionLayout('/');
  const env = fs.existsSync(envFile) ? readEnvText(fs.readFileSync(envFile, 'utf8')) : {};
  return upgrade({
    backUp: async () => backUpFirst(env),
    migrate: migrateInChildProcess(env, SYSTEM_USER),
    restart: () =>
      rollingRestart(enabledPorts(caddyfile).map(systemdInstance), caddyBalancer(caddyfile), {
        log: (line) => console.log(line),
      }),
  });
}
