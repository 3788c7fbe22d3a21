// `npm test`: lint and format check, typecheck, unit tests, API tests on SQLite (and, when
// DATABASE_URL is set, on PostgreSQL and through two server processes behind a proxy), then the
// browser tests against the built app.
import { spawn, spawnSync } from 'node:child_process';

const bin = (name) => `node_modules/.bin/${name}`;
const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.DATABASE_URL;

// The API tests are two Vitest projects: most files share a worker's modules, process tests do not
// (decision 0070); the drills that promise a time run after them, alone (decision 0071).
const apiRun = ['run', '--project', 'api', '--project', 'api-processes'];
const drillsRun = ['run', '--project', 'api-drills'];

// tsc checks on one core: it runs beside Biome and the unit tests and tells its result after them,
// before the first API step.
const checks = [
  ['Lint y formato (Biome)', bin('biome'), ['check', '--error-on-warnings', '.'], process.env],
  ['Pruebas unitarias', bin('vitest'), ['run', '--project', 'unit'], process.env],
];
const steps = [
  ['Pruebas de API en SQLite', bin('vitest'), apiRun, withoutDatabaseUrl],
  ['Simulacros de desastre con tiempo prometido (SQLite)', bin('vitest'), drillsRun, withoutDatabaseUrl],
];
if (process.env.DATABASE_URL) {
  steps.push(['Pruebas de API en PostgreSQL', bin('vitest'), apiRun, process.env]);
  steps.push([
    'Pruebas con dos instancias (PostgreSQL)',
    bin('vitest'),
    ['run', '--config', 'vitest.cluster.config.ts'],
    process.env,
  ]);
}
steps.push(['Compilación de la web', bin('vite'), ['build'], process.env]);
steps.push(['Pruebas en Chromium (Playwright)', bin('playwright'), ['test'], withoutDatabaseUrl]);

function report(title, status, started) {
  console.log(
    `--- ${title}: ${status === 0 ? 'ok' : 'FALLÓ'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (status !== 0) process.exit(status ?? 1);
}

function run([title, command, args, env]) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  report(title, spawnSync(command, args, { stdio: 'inherit', env }).status, started);
}

const typesStarted = Date.now();
const typesOutput = [];
const types = spawn(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], { env: process.env });
types.stdout.on('data', (chunk) => typesOutput.push(chunk));
types.stderr.on('data', (chunk) => typesOutput.push(chunk));
const typesStatus = new Promise((resolve) => types.on('close', resolve));
process.on('exit', () => types.kill());

for (const step of checks) run(step);
const status = await typesStatus;
console.log('\n=== Tipos (tsc) ===');
process.stdout.write(Buffer.concat(typesOutput));
report('Tipos (tsc)', status, typesStarted);
for (const step of steps) run(step);
