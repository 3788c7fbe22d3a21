// `npm test`: lint and format check, typecheck, unit tests, API tests on SQLite (and, when
// DATABASE_URL is set, on PostgreSQL and through two server processes behind a proxy), then the
// browser tests against the built app.
import { spawnSync } from 'node:child_process';

const bin = (name) => `node_modules/.bin/${name}`;
const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.DATABASE_URL;

// The API tests are two Vitest projects: most files share a worker's modules, process tests do not (decision 0070).
const apiRun = ['run', '--project', 'api', '--project', 'api-processes'];

const steps = [
  ['Lint y formato (Biome)', bin('biome'), ['check', '--error-on-warnings', '.'], process.env],
  ['Tipos (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], process.env],
  ['Pruebas unitarias', bin('vitest'), ['run', '--project', 'unit'], process.env],
  ['Pruebas de API en SQLite', bin('vitest'), apiRun, withoutDatabaseUrl],
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

for (const [title, command, args, env] of steps) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  console.log(
    `--- ${title}: ${result.status === 0 ? 'ok' : 'FALLÓ'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
