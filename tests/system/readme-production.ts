// The README is the test (decision 0060): README.md's «Producción» commands, read from its code
// blocks and run as written on a real systemd booted as PID 1 in Linux namespaces (namespace.ts),
// on both paths (SQLite with one instance; --postgres --instances 2), with Pebble as the ACME
// server. Run as root: `npx tsx tests/system/readme-production.ts` (`.ci/run` does). Exits 1 if
// any check fails; every check prints one ✓/✗ line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { type CommandResult, Namespace, SHARED_INSIDE, stamp } from './namespace';

const DOMAIN = 'cita.ejemplo.mx';
const REPO = path.resolve(import.meta.dirname, '../..');
const ACME_DIRECTORY = 'https://localhost:14000/dir';
const PEBBLE_LISTENER_CERT = `${SHARED_INSIDE}/pebble-listener.pem`;
const SMTP_PORT = 2465;

/** An SMTP server over TLS that accepts any login and any message (README step 2's SMTP_URL). */
const SMTP_SINK = `const fs = require('node:fs');
const { SMTPServer } = require('/opt/cita/node_modules/smtp-server');
new SMTPServer({
  secure: true,
  key: fs.readFileSync('${SHARED_INSIDE}/smtp.key'),
  cert: fs.readFileSync('${SHARED_INSIDE}/smtp.pem'),
  onAuth: (auth, session, callback) => callback(null, { user: auth.username }),
  onData: (stream, session, callback) => { stream.resume(); stream.on('end', () => callback()); },
}).listen(${SMTP_PORT}, '127.0.0.1');
`;

type PathName = 'sqlite' | 'postgres';

/**
 * Every change the test makes to the README's commands, and why. Each `readme` text must be in the
 * README (the test fails if it is not: the README changed and this list must follow).
 */
function substitutions(pathName: PathName, ageRecipient: string) {
  return [
    // Step 1: bash would read «<tu-cuenta>» as redirections; the operator writes her account. The
    // `git` shim (below) clones the commit under test instead of GitHub.
    { readme: '<tu-cuenta>', test: 'cita-mx' },
    // Steps 1 and 2 on the SQLite path, as the README says: «Sin `--postgres --instances 2` queda
    // una instancia con SQLite».
    ...(pathName === 'sqlite' ? [{ readme: ' --postgres --instances 2', test: '' }] : []),
    // Steps 1 and 2: the ACME server is Pebble, not Let's Encrypt (design: `--acme-ca`).
    {
      readme: '--email ops@ejemplo.mx',
      test: `--email ops@ejemplo.mx --acme-ca ${ACME_DIRECTORY} --acme-ca-root ${PEBBLE_LISTENER_CERT}`,
    },
    // Step 2: the operator's public key; the test keeps the private one.
    { readme: 'age1…', test: ageRecipient },
    // Step 2: the SMTP server is the test's sink (smtp-sink.cjs), smtps on an unprivileged port;
    // smtp.ejemplo.mx is 127.0.0.1 in the namespace's /etc/hosts.
    { readme: 'smtp.ejemplo.mx:465', test: `smtp.ejemplo.mx:${SMTP_PORT}` },
    // Step 2: Stripe cannot be reached from here; without it payments stay off (manual).
    { readme: "echo 'STRIPE_SECRET_KEY=sk_live_…' >> /etc/cita/cita.env\n", test: '' },
    { readme: "echo 'STRIPE_WEBHOOK_SECRET=whsec_…' >> /etc/cita/cita.env\n", test: '' },
  ];
}

/**
 * Shims first on PATH inside the namespace, for the commands that need the internet. Anything else
 * goes to the real program.
 */
const SHIMS: Record<string, string> = {
  // Step 1: NodeSource's installer. Node is already installed; the script piped to bash is empty.
  curl: `#!/bin/sh
case "$*" in *deb.nodesource.com*) exit 0 ;; esac
exec /usr/bin/curl "$@"
`,
  // Step 1: `git clone https://github.com/<account>/cita.git DIR` clones the commit under test
  // (HEAD plus the checkout's uncommitted changes to tracked files), whose origin then is that
  // local copy (step 4's `git pull` works offline). The checkout's node_modules and, once built,
  // dist/web wait in /opt/.cita-readme (hard links) and are moved in, so `npm install` and
  // setup's build are quick; `npm install` still runs.
  git: `#!/bin/sh
if [ "$1" = clone ]; then
  case "$2" in https://github.com/*/cita.git)
    /usr/bin/git clone -q ${SHARED_INSIDE}/cita.git "$3" || exit
    for kept in node_modules dist; do
      if [ -e "/opt/.cita-readme/$kept" ]; then mv "/opt/.cita-readme/$kept" "$3/$kept"; fi
    done
    exit 0 ;;
  esac
fi
exec /usr/bin/git "$@"
`,
};

// ── the README's commands ────────────────────────────────────────────────────────────────────

interface ReadmeSteps {
  install: string;
  backups: string;
  review: string;
  upgrade: string;
  /** «Respaldos»: what to do when the database is lost, on each path. */
  lostSqlite: string;
  lostPostgres: string;
}

/** The first shell block after `heading` in the README. */
function blockAfter(readme: string, heading: string): string {
  const at = readme.indexOf(heading);
  if (at < 0) throw new Error(`README.md ya no dice «${heading}»`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block?.[1]) throw new Error(`README.md: no hay un bloque sh después de «${heading}»`);
  return block[1];
}

/** The «Producción» section's first four shell blocks: steps 1 to 4. */
function readmeSteps(): ReadmeSteps {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Producción\n');
  if (start < 0) throw new Error('README.md no tiene la sección «## Producción»');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/^( *)```sh\n([\s\S]*?)^\1```$/gm)].map(([, indent = '', body = '']) =>
    body
      .split('\n')
      .map((line) => line.slice(indent.length))
      .join('\n'),
  );
  const [install, backups, review, upgrade] = blocks;
  if (!install || !backups || !review || !upgrade) {
    throw new Error(`README.md «Producción»: se esperaban 4 bloques sh (pasos 1 a 4), hay ${blocks.length}`);
  }
  return {
    install,
    backups,
    review,
    upgrade,
    lostSqlite: blockAfter(readme, '**Si se pierde la base (disco muerto o `cita.sqlite` borrado).**'),
    lostPostgres: blockAfter(readme, '**Si se pierde la carpeta de datos de PostgreSQL'),
  };
}

function substitute(text: string, rules: { readme: string; test: string }[], used: Set<string>): string {
  let result = text;
  for (const rule of rules) {
    if (result.includes(rule.readme)) used.add(rule.readme);
    result = result.split(rule.readme).join(rule.test);
  }
  return result;
}

// ── reporting ────────────────────────────────────────────────────────────────────────────────

const results: { name: string; ok: boolean; detail: string }[] = [];

function progress(line: string): void {
  console.log(`${stamp()} ${line}`);
}

class CheckFailed extends Error {}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** Runs one check; a failure is recorded and reported, and the next checks still run. */
async function check(name: string, body: () => Promise<string | undefined>): Promise<boolean> {
  progress(`▶ ${name}`);
  try {
    const detail = (await body()) ?? '';
    results.push({ name, ok: true, detail });
    progress(`✓ ${name}${detail ? `: ${detail}` : ''}`);
    return true;
  } catch (error) {
    const detail = error instanceof CheckFailed ? error.message : ((error as Error).stack ?? String(error));
    results.push({ name, ok: false, detail });
    progress(`✗ ${name}: ${detail}`);
    return false;
  }
}

// ── HTTPS from outside, trusting only Pebble's root of this run ──────────────────────────────

const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  issuer?: string;
}

function request(
  url: string,
  options: { ca?: string; method?: string; body?: unknown; cookie?: string; agent?: https.Agent } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const secure = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const call = (secure ? https : http).request(
      url,
      {
        method: options.method ?? 'GET',
        lookup: toLoopback,
        ...(secure ? { ca: options.ca, agent: options.agent ?? false } : { agent: false }),
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (response) => {
        const issuer = secure
          ? [(response.socket as TLSSocket).getPeerCertificate().issuer?.CN].flat()[0]
          : undefined;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, issuer }),
        );
      },
    );
    call.setTimeout(10_000, () => call.destroy(new Error(`sin respuesta en 10 s: ${url}`)));
    call.on('error', (error: Error & { reusedSocket?: boolean }) => {
      error.reusedSocket = call.reusedSocket;
      reject(error);
    });
    call.end(payload);
  });
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new CheckFailed(`${what}: no pasó en ${timeoutMs / 1000} s${last ? ` (último error: ${last})` : ''}`);
}

/**
 * Requests `url` over and over (`concurrency` at a time, each waiting `pauseMs` between two) until
 * stopped; counts what was not 200. Paced: an unpaced load starves the restarting instance of this
 * machine's two cores.
 */
function keepRequesting(url: string, ca: string, concurrency: number, pauseMs: number) {
  const agent = new https.Agent({ keepAlive: true, maxSockets: concurrency });
  let running = true;
  const tally = { total: 0, failed: 0, resent: 0, firstFailures: [] as string[] };
  const loop = async () => {
    while (running) {
      try {
        const answer = await request(url, { ca, agent }).catch(
          (error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
            // A GET on a kept-alive connection the server had just closed is sent again on a new
            // one, as browsers do (RFC 9110 §9.3.1); counted apart.
            if (error.code !== 'ECONNRESET' || !error.reusedSocket) throw error;
            tally.resent++;
            return request(url, { ca });
          },
        );
        tally.total++;
        if (answer.status !== 200) {
          tally.failed++;
          if (tally.firstFailures.length < 5)
            tally.firstFailures.push(`${stamp().trim()}: HTTP ${answer.status} ${answer.body.slice(0, 120)}`);
        }
      } catch (error) {
        tally.total++;
        tally.failed++;
        if (tally.firstFailures.length < 5)
          tally.firstFailures.push(`${stamp().trim()}: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    tally,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return tally;
    },
  };
}

// ── one path ─────────────────────────────────────────────────────────────────────────────────

interface Shared {
  key: { identity: string; recipient: string };
  nodeModules: string;
  /** dist/web built by the first path's setup, reused by the second. */
  dist?: string;
  sourceCommit: string;
}

async function runPath(pathName: PathName, shared: Shared): Promise<void> {
  const label = pathName === 'sqlite' ? 'SQLite, 1 instancia' : 'PostgreSQL, 2 instancias';
  const ports = pathName === 'sqlite' ? [3001] : [3001, 3002];
  progress(`══ ${label} ══`);
  const rules = substitutions(pathName, shared.key.recipient);
  const used = new Set<string>();
  const steps = readmeSteps();
  const script = {
    install: substitute(steps.install, rules, used),
    backups: substitute(steps.backups, rules, used),
    review: substitute(steps.review, rules, used),
    upgrade: substitute(steps.upgrade, rules, used),
    lost: substitute(pathName === 'sqlite' ? steps.lostSqlite : steps.lostPostgres, rules, used),
  };
  const unused = rules.filter((rule) => !used.has(rule.readme)).map((rule) => rule.readme);

  let ns: Namespace | undefined;
  const booted = await check(`${label}: systemd arranca como PID 1 y corre una unidad`, async () => {
    ns = await Namespace.boot(pathName, {
      postgres: pathName === 'postgres',
      prepare: (namespace) => prepareShared(namespace, shared),
    });
    return `PID ${ns.pid} fuera del namespace`;
  });
  if (!booted || !ns) return;
  const box = ns;
  try {
    await check(`${label}: cada sustitución documentada está en el README`, async () => {
      expect(unused.length === 0, `no están en el README: ${unused.join(' | ')} (actualiza substitutions())`);
      return undefined;
    });

    let pebbleRoot = '';
    const pebbleUp = await check(`${label}: Pebble en marcha (ACME en :14000)`, async () => {
      pebbleRoot = await startPebble(box);
      return undefined;
    });
    if (!pebbleUp) return;
    const readmeEnv = {
      PATH: `${SHARED_INSIDE}/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
      // The machine trusts Pebble's root as a real one trusts Let's Encrypt's.
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
    };
    const readme = (text: string) => box.run(text, { env: readmeEnv, trace: true });
    const site = `https://${DOMAIN}`;
    const get = (url: string) => request(url, { ca: pebbleRoot });

    // Step 1.
    let install: CommandResult = { code: 1, output: '' };
    const installed = await check(`${label}: paso 1 (instalar) termina con 0`, async () => {
      install = await readme(script.install);
      expect(install.code === 0, `salió con ${install.code}`);
      return undefined;
    });
    if (
      pathName === 'sqlite' &&
      !shared.dist &&
      fs.existsSync(path.join(box.opt, 'cita/dist/web/index.html'))
    ) {
      shared.dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-readme-dist-'));
      spawnSync('cp', ['-a', path.join(box.opt, 'cita/dist'), shared.dist]);
    }
    if (!installed) {
      await diagnose(box, ports);
      return;
    }
    const sink = await box.run(`systemd-run --unit=smtp-sink /usr/bin/node ${SHARED_INSIDE}/smtp-sink.cjs`);
    expect(sink.code === 0, 'no arrancó el SMTP de prueba');

    await check(`${label}: HTTPS con el certificado de Pebble y HTTP → HTTPS`, async () => {
      const page = await get(`${site}/`);
      expect(page.status === 200, `GET ${site}/ → ${page.status}`);
      expect(/pebble/i.test(page.issuer ?? ''), `el certificado lo emitió «${page.issuer}», no Pebble`);
      const plain = await request(`http://${DOMAIN}/eventos?x=1`);
      expect(
        [301, 302, 307, 308].includes(plain.status) && plain.headers.location === `${site}/eventos?x=1`,
        `GET http://${DOMAIN}/eventos?x=1 → ${plain.status} ${plain.headers.location ?? ''}`,
      );
      return `emisor «${page.issuer}», HTTP ${plain.status} → ${plain.headers.location}`;
    });

    let cookie = '';
    const password = 'Contraseña de prueba 2026';
    await check(`${label}: el enlace de un solo uso del primer administrador`, async () => {
      const link = new RegExp(`${site}/admin/primer-acceso#([\\w-]+)`).exec(install.output);
      expect(link, 'setup no imprimió el enlace https://…/admin/primer-acceso#…');
      const page = await get(link[0].split('#')[0] ?? '');
      expect(page.status === 200, `la página del enlace → ${page.status}`);
      const answer = await request(`${site}/api/admin/first-access`, {
        ca: pebbleRoot,
        method: 'POST',
        body: { token: link[1], password },
      });
      expect(
        answer.status === 200,
        `POST /api/admin/first-access → ${answer.status} ${answer.body.slice(0, 200)}`,
      );
      cookie = [answer.headers['set-cookie'] ?? []]
        .flat()
        .map((value) => value.split(';')[0])
        .join('; ');
      expect(cookie, 'sin cookie de sesión');
      return undefined;
    });

    // Production's face engine (FACE_ENGINE=human by default) inside the units' hardening.
    await check(
      `${label}: el motor de rostros carga en su propio proceso, con prioridad ociosa`,
      async () => {
        const engines = await waitFor('el proceso del motor con sus modelos cargados', 90_000, async () => {
          const listed = await box.run(
            `for pid in $(pgrep -f '[h]uman-process'); do
  echo "$pid $(ps -o rss= -p "$pid") $(ps -L -o policy= -p "$pid" | sort -u | tr '\n' ' ')"
done`,
            { quiet: true },
          );
          const rows = listed.output
            .split('\n')
            .map((line) => line.trim().split(/\s+/))
            .filter((row) => row.length >= 3);
          // Its models and their WASM memory take over 200 MB once loaded.
          return rows.length === ports.length && rows.every((row) => Number(row[1]) > 200_000)
            ? rows
            : undefined;
        });
        const policies = new Set(engines.flatMap((row) => row.slice(2)));
        expect(
          policies.size === 1 && policies.has('IDL'),
          `los hilos del motor corren con ${[...policies].join(', ')}, no IDL`,
        );
        const failed = await box.run(
          "journalctl --no-pager -u 'cita@*' | grep -c 'face engine did not start'",
          {
            quiet: true,
          },
        );
        expect(failed.output.trim() === '0', 'el registro dice «face engine did not start»');
        return `${engines.length} ${engines.length === 1 ? 'proceso' : 'procesos'}, ${engines.map((row) => `${Math.round(Number(row[1]) / 1024)} MB`).join(' y ')}, cada hilo en IDL`;
      },
    );

    // Step 2, the site polled all along.
    await check(`${label}: paso 2 (respaldos) con el sitio respondiendo 200 todo el tiempo`, async () => {
      const poll = keepRequesting(`${site}/`, pebbleRoot, 1, 100);
      const run = await readme(script.backups);
      const tally = await poll.stop();
      const served = `${tally.total - tally.failed} de ${tally.total} respuestas 200`;
      expect(
        run.code === 0 && tally.failed === 0 && tally.total > 0,
        `salió con ${run.code}; ${served}${tally.failed ? `; las otras: ${tally.firstFailures.join(' | ')}` : ''}`,
      );
      return served;
    });

    // Writes the disaster must bring back.
    const writes: { email: string; at: number }[] = [];
    const write = async (tag: string) => {
      const email = `drill-${tag}-${writes.length}@ejemplo.mx`;
      const answer = await request(`${site}/api/admin/add`, {
        ca: pebbleRoot,
        method: 'POST',
        cookie,
        body: { admin: { name: 'Simulacro', email, password } },
      });
      if (answer.status === 200) writes.push({ email, at: Date.now() });
      return answer;
    };
    await check(`${label}: paso 3 (doctor y respaldo ahora), con 3 escrituras antes`, async () => {
      await waitFor(`${site}/readyz responde 200`, 20_000, async () =>
        (await get(`${site}/readyz`)).status === 200 ? true : undefined,
      );
      for (let i = 0; i < 3; i++) {
        const answer = await write('antes');
        expect(answer.status === 200, `POST /api/admin/add → ${answer.status} ${answer.body.slice(0, 200)}`);
      }
      // The review block's lines up to `backup`; its restore lines are the drill's.
      const lines = script.review.split('\n');
      const upToBackup = lines.slice(0, lines.findIndex((line) => line.includes(' backup')) + 1).join('\n');
      const run = await readme(upToBackup);
      expect(run.code === 0, `salió con ${run.code}`);
      return undefined;
    });
    const beforeBackup = writes.length;

    const units = ports.map((port) => `cita@${port}`).join(' ');
    const drilled = await check(
      `${label}: simulacro (kill -9, borrar la base${pathName === 'sqlite' ? '' : ' y su carpeta de datos'}, restaurar al último momento)`,
      async () => {
        expect(beforeBackup === 3, 'sin las escrituras previas no hay qué contar');
        let writing = true;
        const writer = (async () => {
          while (writing) await write('durante').catch(() => undefined);
        })();
        // PostgreSQL owes every write more than 60 s old (its archive ships every 30 s): the
        // drill writes long enough for some to be owed beside the three before the backup.
        const writingMs = pathName === 'sqlite' ? 4_000 : 65_000;
        await new Promise((resolve) => setTimeout(resolve, writingMs));
        const killedAt = Date.now();
        const killed = await box.run(
          `systemctl kill --signal=KILL ${units}
systemctl stop ${units}`,
        );
        writing = false;
        await writer;
        expect(killed.code === 0, 'no se pudo matar las instancias');
        const env = 'cd /opt/cita\nset -a; . /etc/cita/cita.env; set +a';
        // SQLite: the database file deleted. PostgreSQL: the server killed and its whole data
        // folder deleted (docs/design/30-online-for-real.md: «or the whole data folder»).
        const removed =
          pathName === 'sqlite'
            ? await box.run(
                `${env}\nrm -f "$DATA_DIR/cita.sqlite" "$DATA_DIR/cita.sqlite-wal" "$DATA_DIR/cita.sqlite-shm"`,
              )
            : await box.run(`version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
systemctl kill --signal=KILL "postgresql@$version-main"
rm -rf "/var/lib/postgresql/$version/main"`);
        expect(removed.code === 0, 'no se pudo borrar la base');
        const restored = await readme(script.lost);
        expect(restored.code === 0, `restaurar salió con ${restored.code}`);
        const listed =
          pathName === 'sqlite'
            ? await box.run(`${env}\nsqlite3 "$DATA_DIR/cita.sqlite" "select email from admins"`, {
                quiet: true,
              })
            : await box.run(`cd /\nrunuser -u postgres -- psql -d cita -tAc "select email from admins"`, {
                quiet: true,
              });
        const back = new Set(listed.output.split('\n').map((line) => line.trim()));
        const margin = pathName === 'sqlite' ? 1_000 : 60_000;
        const owed = writes.filter((one, index) => one.at < killedAt - margin || index < beforeBackup);
        const missing = owed.filter((one) => !back.has(one.email));
        const came = writes.filter((one) => back.has(one.email)).length;
        const summary = `${came} de ${writes.length} escrituras confirmadas volvieron (${writes.length - beforeBackup} durante los ${writingMs / 1000} s antes del kill); se debían ${owed.length} (las de más de ${margin / 1000} s antes)`;
        expect(missing.length === 0, `${summary}; faltan ${missing.map((one) => one.email).join(', ')}`);
        await waitFor(`${site}/ responde 200 tras restaurar`, 30_000, async () =>
          (await get(`${site}/`)).status === 200 ? true : undefined,
        );
        return summary;
      },
    );
    if (!drilled && (await get(`${site}/readyz`).catch(() => undefined))?.status !== 200) {
      // So that the next checks see a serving site: the last verified snapshot, as step 3 restores.
      progress('· el sitio no responde: se restaura el último respaldo verificado para seguir');
      await readme(`cd /opt/cita
set -a; . /etc/cita/cita.env; set +a
systemctl stop ${units}
${pathName === 'sqlite' ? 'rm -f "$DATA_DIR"/cita.sqlite*' : '(cd / && runuser -u postgres -- dropdb --if-exists --force cita)'}
install -o cita -g cita -m 0400 ${SHARED_INSIDE}/clave-del-operador.txt clave-del-operador.txt
runuser -u cita -- node bin/cita.mjs restore latest --identity clave-del-operador.txt
runuser -u cita -- node bin/cita.mjs restore --activate
systemctl start ${units}`);
    }

    await check(`${label}: paso 4 (cita upgrade) bajo carga por Caddy sin una petición fallida`, async () => {
      await waitFor(`${site}/api/health responde 200`, 20_000, async () =>
        (await get(`${site}/api/health`)).status === 200 ? true : undefined,
      );
      // The block as written, the load only while `cita upgrade` runs (the build before it would
      // otherwise compete with the load for this machine's CPU).
      const lines = script.upgrade.trimEnd().split('\n');
      const upgradeLine = lines.findIndex((line) => / upgrade$/.test(line));
      expect(upgradeLine > 0, 'el paso 4 no termina en «… upgrade»');
      const prepared = await readme(lines.slice(0, upgradeLine).join('\n'));
      expect(prepared.code === 0, `${lines.slice(0, upgradeLine).join('; ')} salió con ${prepared.code}`);
      const load = keepRequesting(`${site}/api/health`, pebbleRoot, 4, 20);
      const run = await readme(`cd /opt/cita\n${lines.slice(upgradeLine).join('\n')}`);
      const tally = await load.stop();
      expect(run.code === 0, `salió con ${run.code}`);
      expect(
        tally.failed === 0 && tally.total > 0,
        `${tally.failed} de ${tally.total} peticiones fallaron: ${tally.firstFailures.join(' | ')}`,
      );
      return `${tally.total} peticiones, 0 fallidas (${tally.resent} reenviadas tras un cierre de conexión)`;
    });

    // The operator's mistake: a line the configuration check refuses, added as step 2 adds its lines.
    await check(
      `${label}: una corrida de setup que falla (LOG_LEVEL inválido) deja el sitio como estaba`,
      async () => {
        const setupLine = script.backups.split('\n').find((line) => line.includes(' setup '));
        expect(setupLine, 'el paso 2 no tiene la línea de cita setup');
        const planted = await box.run("echo 'LOG_LEVEL=ruidoso' >> /etc/cita/cita.env");
        expect(planted.code === 0, 'no se pudo agregar la línea');
        const snapshot = 'cat /etc/cita/cita.env /etc/systemd/system/cita@.service /etc/caddy/Caddyfile';
        const filesBefore = (await box.run(snapshot, { quiet: true })).output;
        const poll = keepRequesting(`${site}/`, pebbleRoot, 1, 100);
        const run = await readme(`cd /opt/cita\n${setupLine}`);
        const after = await get(`${site}/`);
        const tally = await poll.stop();
        const filesAfter = (await box.run(snapshot, { quiet: true })).output;
        const units = (
          await box.run(
            `systemctl show -p ActiveState -p NeedDaemonReload ${ports.map((port) => `cita@${port}`).join(' ')} caddy`,
            { quiet: true },
          )
        ).output;
        expect(run.code !== 0, 'cita setup terminó con 0 con LOG_LEVEL=ruidoso en cita.env');
        expect(
          filesAfter === filesBefore,
          'cita.env, cita@.service o el Caddyfile no volvieron a como estaban',
        );
        expect(!units.includes('NeedDaemonReload=yes'), `systemd quedó sin daemon-reload:\n${units}`);
        expect(!/ActiveState=(?!active)/.test(units), `no todo quedó activo:\n${units}`);
        expect(
          tally.failed === 0 && after.status === 200,
          `${tally.failed} de ${tally.total} respuestas no fueron 200 durante la corrida (${tally.firstFailures.join(' | ')}); después: ${after.status}`,
        );
        return `setup salió con ${run.code}; ${tally.total} respuestas 200 durante la corrida y 200 después`;
      },
    );
    if (results.some((result) => !result.ok && result.name.startsWith(label))) await diagnose(box, ports);
  } finally {
    await box.stop();
  }
}

/** What the namespace needs before it boots: shims, the source, Pebble's files, the staged copies. */
function prepareShared(ns: Namespace, shared: Shared): void {
  const bin = path.join(ns.shared, 'bin');
  fs.mkdirSync(bin);
  for (const [name, text] of Object.entries(SHIMS))
    fs.writeFileSync(path.join(bin, name), text, { mode: 0o755 });
  const bare = path.join(ns.shared, 'cita.git');
  mustRun('git', ['init', '-q', '--bare', '-b', 'main', bare]);
  mustRun('git', ['-C', REPO, 'push', '-q', bare, `${shared.sourceCommit}:refs/heads/main`]);
  const staged = path.join(ns.opt, '.cita-readme');
  fs.mkdirSync(staged);
  // Hard links: same file system as the checkout (the namespace's /opt is a folder of os.tmpdir()).
  if (spawnSync('cp', ['-al', shared.nodeModules, path.join(staged, 'node_modules')]).status !== 0) {
    mustRun('cp', ['-a', shared.nodeModules, path.join(staged, 'node_modules')]);
  }
  // npm rewrites its hidden lockfile in place: a copy of its own, so the checkout's stays as it is.
  const hiddenLock = path.join(staged, 'node_modules/.package-lock.json');
  if (fs.existsSync(hiddenLock)) {
    fs.rmSync(hiddenLock);
    fs.copyFileSync(path.join(shared.nodeModules, '.package-lock.json'), hiddenLock);
  }
  if (shared.dist) mustRun('cp', ['-al', path.join(shared.dist, 'dist'), path.join(staged, 'dist')]);
  fs.writeFileSync(path.join(ns.shared, 'clave-del-operador.txt'), shared.key.identity, { mode: 0o600 });
  fs.writeFileSync(path.join(ns.shared, 'smtp-sink.cjs'), SMTP_SINK);
  selfSigned(ns.shared, 'pebble-listener', 'DNS:localhost,IP:127.0.0.1');
  selfSigned(ns.shared, 'smtp', 'DNS:smtp.ejemplo.mx');
  fs.writeFileSync(
    path.join(ns.shared, 'pebble.json'),
    JSON.stringify({
      pebble: {
        listenAddress: '127.0.0.1:14000',
        managementListenAddress: '127.0.0.1:15000',
        certificate: PEBBLE_LISTENER_CERT,
        privateKey: `${SHARED_INSIDE}/pebble-listener.key`,
        // Real http-01 validation: Pebble resolves the domain by the namespace's /etc/hosts.
        httpPort: 80,
        tlsPort: 443,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
}

/** A certificate for a service inside, its key readable by the service's user. */
function selfSigned(dir: string, name: string, names: string): void {
  mustRun('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${names.split(',')[0]?.split(':')[1]}`,
    '-addext',
    `subjectAltName=${names}`,
    '-keyout',
    path.join(dir, `${name}.key`),
    '-out',
    path.join(dir, `${name}.pem`),
  ]);
  fs.chmodSync(path.join(dir, `${name}.key`), 0o644);
}

/** Pebble as a unit inside; its root (new on every start) joins the namespace's trusted roots. */
async function startPebble(ns: Namespace): Promise<string> {
  const started = await ns.run(
    `systemd-run --unit=pebble --setenv=PEBBLE_VA_NOSLEEP=1 --setenv=PEBBLE_WFE_NONCEREJECT=0 /usr/bin/pebble -config ${SHARED_INSIDE}/pebble.json`,
  );
  expect(started.code === 0, 'systemd-run pebble falló');
  const listenerCa = fs.readFileSync(path.join(ns.shared, 'pebble-listener.pem'), 'utf8');
  const root = await waitFor('Pebble responde en :15000', 20_000, async () => {
    const answer = await request('https://localhost:15000/roots/0', { ca: listenerCa });
    return answer.status === 200 ? answer.body : undefined;
  });
  fs.writeFileSync(path.join(ns.shared, 'pebble-root.pem'), root);
  const trusted = await ns.run(
    `cd ${SHARED_INSIDE} && cat pebble-listener.pem pebble-root.pem smtp.pem >> /etc/ssl/certs/ca-certificates.crt`,
  );
  expect(trusted.code === 0, 'no se pudo confiar en la raíz de Pebble');
  return root;
}

/** The units' last lines, when a check failed. */
async function diagnose(ns: Namespace, ports: number[]): Promise<void> {
  progress('── diagnóstico ──');
  await ns.run(
    `systemctl --failed --no-pager || true
journalctl --no-pager -n 25 -u caddy ${ports.map((port) => `-u cita@${port}`).join(' ')} || true`,
  );
}

function mustRun(command: string, args: string[]): string {
  const run = spawnSync(command, args, { encoding: 'utf8' });
  if (run.status !== 0) {
    const how = run.signal ? `terminó por ${run.signal}` : `salió con ${run.status}`;
    throw new Error(
      `${command} ${args.join(' ')} ${how}: ${run.stderr || run.error?.message || '(sin mensaje)'}`,
    );
  }
  return run.stdout;
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────

function preflight(): string[] {
  const problems: string[] = [];
  if (process.getuid?.() !== 0)
    problems.push('hay que correrla como root (monta overlays y arranca systemd)');
  for (const tool of ['/lib/systemd/systemd', '/usr/bin/pebble', '/usr/bin/caddy', '/usr/bin/age-keygen']) {
    if (!fs.existsSync(tool)) problems.push(`falta ${tool}`);
  }
  for (const tool of ['unshare', 'nsenter', 'openssl', 'sqlite3']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) problems.push(`falta ${tool}`);
  }
  return problems;
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = http.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

async function main(): Promise<number> {
  const problems = preflight();
  for (const port of [80, 443, 14000, 15000]) {
    if (!(await portFree(port))) problems.push(`el puerto ${port} está ocupado en esta máquina`);
  }
  if (problems.length > 0) {
    progress(`✗ no se puede correr: ${problems.join('; ')}`);
    return 1;
  }
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-readme-key-'));
  let dist: string | undefined;
  try {
    mustRun('age-keygen', ['-o', path.join(keyDir, 'clave.txt')]);
    const identity = fs.readFileSync(path.join(keyDir, 'clave.txt'), 'utf8');
    const recipient = mustRun('age-keygen', ['-y', path.join(keyDir, 'clave.txt')]).trim();
    // HEAD plus uncommitted changes to tracked files: what a developer runs before committing. A
    // clean checkout (CI's clone) is HEAD itself: nothing for git to write.
    const changed = mustRun('git', ['-C', REPO, 'status', '--porcelain', '--untracked-files=no']).trim();
    const stash = changed ? mustRun('git', ['-C', REPO, 'stash', 'create']).trim() : '';
    const sourceCommit = stash || mustRun('git', ['-C', REPO, 'rev-parse', 'HEAD']).trim();
    progress(`código bajo prueba: ${sourceCommit}${stash ? ' (HEAD con cambios sin commit)' : ''}`);
    const shared: Shared = {
      key: { identity, recipient },
      nodeModules: fs.realpathSync(path.join(REPO, 'node_modules')),
      sourceCommit,
    };
    const only = process.env.CITA_README_PATHS?.split(',') as PathName[] | undefined;
    for (const pathName of only ?? (['sqlite', 'postgres'] as const)) {
      await runPath(pathName, shared);
    }
    dist = shared.dist;
  } finally {
    fs.rmSync(keyDir, { recursive: true, force: true });
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  }
  const failed = results.filter((result) => !result.ok);
  progress(
    `══ ${results.length - failed.length} de ${results.length} comprobaciones pasaron en ${process.uptime().toFixed(0)} s ══`,
  );
  for (const result of results) console.log(`  ${result.ok ? '✓' : '✗'} ${result.name}`);
  return failed.length === 0 ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
process.exitCode = await main();
