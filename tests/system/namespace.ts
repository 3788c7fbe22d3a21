import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway server for the README test: systemd 252 booted as PID 1 in its own PID, mount, UTS,
 * IPC and cgroup namespaces, the network shared with this machine. /etc and /var are copy-on-write
 * overlays of this machine's (changes land in a temporary folder); /run, /tmp, /mnt and /srv are
 * empty tmpfs; /opt is an empty folder of the temporary one; /proc/sys and /sys are read-only; the
 * units that would touch this machine (udev, sysctl, the clock, the gettys, every enabled service)
 * are masked or not wanted. Decision 0060.
 */

/** What the test puts at /run/cita-readme inside: the shims, Pebble's files, the source to clone. */
export const SHARED_INSIDE = '/run/cita-readme';

/** Units whose job is the real machine's (devices, kernel settings, clock, consoles, logins). */
const MASKED_UNITS = [
  'systemd-udevd.service',
  'systemd-udevd-control.socket',
  'systemd-udevd-kernel.socket',
  'systemd-udev-trigger.service',
  'systemd-udev-settle.service',
  'systemd-sysctl.service',
  'systemd-timesyncd.service',
  'getty@.service',
  'console-getty.service',
  'serial-getty@.service',
  'getty.target',
  'systemd-logind.service',
  'systemd-modules-load.service',
  'systemd-remount-fs.service',
  'systemd-networkd.service',
  'systemd-resolved.service',
  'systemd-binfmt.service',
  'systemd-hwdb-update.service',
  'systemd-random-seed.service',
  'systemd-pstore.service',
  'systemd-firstboot.service',
  'systemd-machine-id-commit.service',
  'sys-kernel-debug.mount',
  'sys-kernel-tracing.mount',
  'sys-kernel-config.mount',
  'sys-fs-fuse-connections.mount',
  'dev-hugepages.mount',
  'dev-mqueue.mount',
  'apt-daily.timer',
  'apt-daily-upgrade.timer',
];

/** Runs inside the new namespaces before systemd: the private file system, then `exec systemd`. */
const INNER_SCRIPT = `#!/bin/bash
set -euo pipefail
T="$1"; POSTGRES="$2"
mount --make-rprivate /
for d in etc var; do
  mkdir -p "$T/$d.upper" "$T/$d.work"
  mount -t overlay overlay -o "lowerdir=/$d,upperdir=$T/$d.upper,workdir=$T/$d.work" "/$d"
done
mount --bind "$T/opt" /opt
mount -t tmpfs -o mode=0755 tmpfs /run
mkdir -p ${SHARED_INSIDE}
mount --bind "$T/shared" ${SHARED_INSIDE}
# $T itself (under this machine's /tmp) is out of sight from here on.
for d in /tmp /mnt /srv; do mount -t tmpfs -o mode=0755 tmpfs "$d"; done
chmod 1777 /tmp
# This machine's PostgreSQL clusters (config and data) are not the namespace's.
mount -t tmpfs -o mode=0755 tmpfs /etc/postgresql
mount -t tmpfs -o mode=0755 tmpfs /var/lib/postgresql
chown postgres:postgres /var/lib/postgresql
mount -t tmpfs -o mode=0755 cgroup /sys/fs/cgroup
mkdir /sys/fs/cgroup/systemd /sys/fs/cgroup/unified
mount -t cgroup2 cgroup2 /sys/fs/cgroup/unified
mount -t cgroup -o none,name=systemd cgroup /sys/fs/cgroup/systemd
mount -o remount,ro,bind /sys/fs/cgroup
mount --bind /proc/sys /proc/sys
mount -o remount,ro,bind /proc/sys
mount -o remount,ro,bind /sys
echo "127.0.0.1 cita.ejemplo.mx smtp.ejemplo.mx" >> /etc/hosts
# A fresh server: none of this machine's services are wanted at boot.
find /etc/systemd/system -path '*.wants/*' -delete
for unit in ${MASKED_UNITS.join(' ')}; do ln -sf /dev/null "/etc/systemd/system/$unit"; done
if [ "$POSTGRES" = 1 ]; then
  # A private cluster on the standard port, listening on its Unix socket only (/run is private):
  # this machine's PostgreSQL on 127.0.0.1:5432 keeps its port.
  version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
  pg_createcluster --port 5432 --start-conf auto "$version" main >/dev/null
  echo "listen_addresses = ''" > "/etc/postgresql/$version/main/conf.d/cita-readme.conf"
fi
exec env -i container=other PATH=/usr/sbin:/usr/bin:/sbin:/bin /lib/systemd/systemd --system --unit=multi-user.target
`;

/** Runs outside: enters its own cgroup (so systemd's cgroup namespace is a subtree), then unshare. */
const OUTER_SCRIPT = `#!/bin/bash
set -euo pipefail
for h in systemd unified; do
  mkdir -p "/sys/fs/cgroup/$h/$2"
  echo $$ > "/sys/fs/cgroup/$h/$2/cgroup.procs"
done
exec unshare --fork --pid --mount --mount-proc --uts --ipc --cgroup --propagation private "$1/inner.sh" "$1" "$3"
`;

export interface CommandResult {
  code: number;
  output: string;
}

export class Namespace {
  /** Host PID of the namespace's systemd. */
  pid = 0;
  private wrapperPid = 0;
  private readonly cgroup: string;
  readonly dir: string;
  private stopped = false;

  private constructor(readonly label: string) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-readme-'));
    this.cgroup = path.basename(this.dir);
    for (const sub of ['opt', 'shared']) fs.mkdirSync(path.join(this.dir, sub), { mode: 0o755 });
    fs.chmodSync(this.dir, 0o755);
    process.once('exit', this.stopSync);
  }

  /** The namespace's /run/cita-readme, seen from outside. */
  get shared(): string {
    return path.join(this.dir, 'shared');
  }

  /** The namespace's /opt, seen from outside. */
  get opt(): string {
    return path.join(this.dir, 'opt');
  }

  /**
   * Boots and waits until `systemctl is-system-running` says running or degraded and a transient
   * unit runs; otherwise throws saying why (the console, the failed units).
   */
  static async boot(label: string, options: { postgres: boolean; prepare?: (ns: Namespace) => void }) {
    const ns = new Namespace(label);
    options.prepare?.(ns);
    fs.writeFileSync(path.join(ns.dir, 'inner.sh'), INNER_SCRIPT, { mode: 0o755 });
    fs.writeFileSync(path.join(ns.dir, 'outer.sh'), OUTER_SCRIPT, { mode: 0o755 });
    const console = fs.openSync(path.join(ns.dir, 'console.log'), 'w');
    const wrapper = spawn(path.join(ns.dir, 'outer.sh'), [ns.dir, ns.cgroup, options.postgres ? '1' : '0'], {
      stdio: ['ignore', console, console],
      detached: true,
    });
    fs.closeSync(console);
    wrapper.unref();
    ns.wrapperPid = wrapper.pid ?? 0;
    const deadline = Date.now() + 30_000;
    let state = '';
    while (Date.now() < deadline) {
      if (!ns.pid) ns.pid = ns.systemdPid();
      if (ns.pid) {
        state = (await ns.run('systemctl is-system-running', { quiet: true })).output.trim();
        if (state === 'running' || state === 'degraded') break;
      }
      if (wrapper.exitCode !== null) break;
      await sleep(200);
    }
    if (state !== 'running' && state !== 'degraded') {
      const failed = ns.pid ? (await ns.run('systemctl --failed --no-pager', { quiet: true })).output : '';
      const log = fs.readFileSync(path.join(ns.dir, 'console.log'), 'utf8');
      await ns.stop();
      throw new Error(
        `systemd no arrancó como PID 1 en los namespaces (estado: «${state || 'sin respuesta'}»).\n` +
          `Consola:\n${log}\nUnidades fallidas:\n${failed}\n` +
          'Hace falta root, unshare con namespaces de PID, montaje y cgroup, overlayfs y /lib/systemd/systemd.',
      );
    }
    const probe = await ns.run('systemd-run --wait --quiet --unit=cita-readme-probe true', { quiet: true });
    if (probe.code !== 0) {
      await ns.stop();
      throw new Error(`systemd arrancó (${state}) pero no pudo correr una unidad:\n${probe.output}`);
    }
    return ns;
  }

  private systemdPid(): number {
    try {
      const children = fs.readFileSync(`/proc/${this.wrapperPid}/task/${this.wrapperPid}/children`, 'utf8');
      const pid = Number(children.trim().split(/\s+/)[0]);
      if (!pid) return 0;
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'systemd' ? pid : 0;
    } catch {
      return 0;
    }
  }

  /**
   * Runs a shell script inside every namespace (as root, bash -eo pipefail), with `env` added to a
   * clean environment. Output is echoed line by line unless quiet.
   */
  run(
    script: string,
    options: { env?: Record<string, string>; quiet?: boolean; trace?: boolean; timeoutMs?: number } = {},
  ): Promise<CommandResult> {
    const env = {
      PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      HOME: '/root',
      LANG: 'C.UTF-8',
      TERM: 'dumb',
      ...options.env,
    };
    const args = [
      '-t',
      String(this.pid),
      '-a',
      'env',
      '-i',
      ...Object.entries(env).map(([key, value]) => `${key}=${value}`),
      'bash',
      ...(options.trace ? ['-x'] : []),
      '-eo',
      'pipefail',
      '-c',
      `cd /root\n${script}`,
    ];
    return new Promise((resolve) => {
      const child = spawn('nsenter', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      let pending = '';
      const take = (chunk: Buffer) => {
        output += chunk;
        if (options.quiet) return;
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) console.log(`${stamp()} │ ${line}`);
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        if (pending && !options.quiet) console.log(`${stamp()} │ ${pending}`);
        resolve({ code: code ?? 1, output });
      });
    });
  }

  /** Kills PID 1 (and with it every process inside), then removes the cgroups and the folder. */
  async stop(): Promise<void> {
    this.stopSync();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && fs.existsSync(`/proc/${this.wrapperPid}`)) await sleep(100);
  }

  private readonly stopSync = () => {
    if (this.stopped) return;
    this.stopped = true;
    process.removeListener('exit', this.stopSync);
    if (this.pid) {
      try {
        process.kill(this.pid, 'SIGKILL');
      } catch {}
    }
    // The mount namespace (and its overlays) ends with its last process; unshare, still in the
    // cgroup, exits right after PID 1.
    const alive = (pid: number) => pid > 0 && fs.existsSync(`/proc/${pid}`) && !isZombie(pid);
    for (let i = 0; i < 200 && (alive(this.pid) || alive(this.wrapperPid)); i++) {
      spawnSync('sleep', ['0.05']);
    }
    for (const hierarchy of ['systemd', 'unified']) {
      const root = `/sys/fs/cgroup/${hierarchy}/${this.cgroup}`;
      if (!fs.existsSync(root)) continue;
      spawnSync('find', [root, '-depth', '-type', 'd', '-exec', 'rmdir', '{}', ';'], { stdio: 'ignore' });
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  };
}

function isZombie(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Seconds since the test started, as every progress line shows them. */
export function stamp(): string {
  return `${process.uptime().toFixed(1).padStart(6)} s`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
