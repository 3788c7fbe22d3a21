import { CompatibilityEngine } from '../src/server/matching/engine';
import {
  type CompatibilityPair,
  computeAllPairsNaive,
  type ScoringClient,
} from '../src/shared/domain/compatibility';
import { median, percentile } from './stats';
import { seededRandom, syntheticAnswers, syntheticClients } from './synthetic-clients';

/**
 * `npm run bench:matching`: the compatibility engine against the specification's all-pairs
 * computation, on seeded synthetic clients (bench/synthetic-clients.ts). Every figure is the median of
 * several runs. Targets (issue): full recompute at 20 000 clients under 2 s; 50 000 without running
 * out of memory; one re-answer at 20 000 under 20 ms; at least 20x faster than the all-pairs
 * computation at 20 000; identical results.
 */

const SEED = 20_240_201;
const RECOMPUTE_RUNS: readonly (readonly [number, number])[] = [
  [2_000, 5],
  [20_000, 3],
  [50_000, 3],
];
const NAIVE_RUNS: readonly (readonly [number, number])[] = [
  [2_000, 5],
  [20_000, 3],
];
const UPDATE_N = 20_000;
const REANSWERS = 41;
const WARM_UP = 5;
const PAGE_RUNS = 51;

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const count = (value: number) => value.toLocaleString('en-US');

function table(title: string, header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column]!)).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

function samePairs(a: CompatibilityPair, b: CompatibilityPair | undefined): boolean {
  return (
    b !== undefined &&
    a.client_a === b.client_a &&
    a.client_b === b.client_b &&
    a.score === b.score &&
    a.percent === b.percent
  );
}

/** Engine and naive listings agree pair by pair, read from the engine a page at a time. */
function identical(engine: CompatibilityEngine, naive: readonly CompatibilityPair[]): boolean {
  if (engine.page({ limit: 0 }).total !== naive.length) return false;
  const pageSize = 100_000;
  for (let offset = 0; offset < naive.length; offset += pageSize) {
    const { pairs } = engine.page({ offset, limit: pageSize });
    if (!pairs.every((pair, i) => samePairs(pair, naive[offset + i]))) return false;
  }
  return true;
}

const clientsBySize = new Map<number, ScoringClient[]>();
function clientsOf(n: number): ScoringClient[] {
  let clients = clientsBySize.get(n);
  if (clients === undefined) {
    clients = syntheticClients(n, SEED);
    clientsBySize.set(n, clients);
  }
  return clients;
}

console.log(`Compatibility engine benchmark: seed ${SEED}, Node ${process.version}, ${process.arch}`);

// 1. Full recompute, and the memory the last engine of each size holds.
const recompute = new Map<number, number>();
const recomputeRows: string[][] = [];
let engine20k: CompatibilityEngine | undefined;
for (const [n, runs] of RECOMPUTE_RUNS) {
  const clients = clientsOf(n);
  const times: number[] = [];
  let engine = new CompatibilityEngine();
  for (let run = 0; run < runs; run++) {
    engine = new CompatibilityEngine();
    times.push(timed(() => engine.load(clients)));
  }
  const memory = process.memoryUsage();
  recompute.set(n, median(times));
  recomputeRows.push([
    count(n),
    count(engine.clientCount),
    count(engine.pairCount),
    count(engine.page({ limit: 0 }).total),
    String(runs),
    ms(median(times)),
    mib(memory.rss),
    mib(memory.heapUsed),
    mib(memory.arrayBuffers),
  ]);
  if (n === UPDATE_N) engine20k = engine;
}
table(
  'Full recompute (engine.load), median of runs; memory of the process right after',
  ['clients', 'pairable', 'stored (4+)', 'listed (2+)', 'runs', 'median', 'rss', 'heapUsed', 'arrayBuffers'],
  recomputeRows,
);

// 2. One client re-answers the quiz at N = 20 000: upsert recomputes their pairs.
if (engine20k === undefined) throw new Error(`No engine of ${UPDATE_N} clients`);
const engine = engine20k;
const random = seededRandom(SEED + 1);
const pairable = clientsOf(UPDATE_N).filter((client) => client.answers !== null && client.age !== null);
const reanswer = () => {
  const client = pairable[Math.floor(random() * pairable.length)]!;
  const reanswered = { ...client, answers: syntheticAnswers(random, client.gender, client.age!) };
  return timed(() => engine.upsert(reanswered));
};
// A running server has compiled these paths long ago: the first calls are not timed.
for (let i = 0; i < WARM_UP; i++) reanswer();
const updates = Array.from({ length: REANSWERS }, reanswer);
const removals: number[] = [];
const reactivations: number[] = [];
for (let i = 0; i < REANSWERS; i++) {
  const client = pairable[Math.floor(random() * pairable.length)]!;
  removals.push(timed(() => engine.remove(client.id)));
  reactivations.push(timed(() => engine.upsert(client)));
}
table(
  `Incremental update at N = ${count(UPDATE_N)} (${REANSWERS} clients each, after ${WARM_UP} untimed)`,
  ['operation', 'median', 'p95', 'max'],
  [
    ['re-answer (upsert)', ms(median(updates)), ms(percentile(updates, 95)), ms(Math.max(...updates))],
    ['delete (remove)', ms(median(removals)), ms(percentile(removals, 95)), ms(Math.max(...removals))],
    [
      'reactivate (upsert)',
      ms(median(reactivations)),
      ms(percentile(reactivations, 95)),
      ms(Math.max(...reactivations)),
    ],
  ],
);

// 3. Pages of the admin's list, in process (the HTTP figures belong to the API's own benchmark).
const ids = pairable.map((client) => client.id);
const someIds = (howMany: number) =>
  Array.from({ length: howMany }, () => ids[Math.floor(random() * ids.length)]!);
const tenPercent = someIds(Math.round(ids.length / 10));
const pageCases: [string, Parameters<CompatibilityEngine['page']>[0]][] = [
  ['first page (50)', { offset: 0, limit: 50 }],
  ['page in the middle', { offset: engine.page({ limit: 0 }).total >> 1, limit: 50 }],
  ['across stored and misfits', { offset: engine.pairCount - 25, limit: 50 }],
  ['last page', { offset: engine.page({ limit: 0 }).total - 50, limit: 50 }],
  ['name search: 1 client', { clientIds: someIds(1), limit: 50 }],
  ['name search: 20 clients', { clientIds: someIds(20), limit: 50 }],
  ['name search: 10 % of clients', { clientIds: tenPercent, limit: 50 }],
  ['name search: 10 %, page 100', { clientIds: tenPercent, offset: 4_950, limit: 50 }],
];
table(
  `admin/matches pages at N = ${count(UPDATE_N)}, in process (${PAGE_RUNS} runs)`,
  ['page', 'total', 'median', 'p95'],
  pageCases.map(([name, options]) => {
    let total = 0;
    const times = Array.from({ length: PAGE_RUNS }, () =>
      timed(() => {
        total = engine.page(options).total;
      }),
    );
    return [name, count(total), ms(median(times)), ms(percentile(times, 95))];
  }),
);

// 4. The specification's computation: scorePair on every pair, as the admin's browser did.
const naiveRows: string[][] = [];
for (const [n, runs] of NAIVE_RUNS) {
  const clients = clientsOf(n);
  const times: number[] = [];
  let same = true;
  for (let run = 0; run < runs; run++) {
    let naive: CompatibilityPair[] = [];
    times.push(timed(() => (naive = computeAllPairsNaive(clients))));
    if (run === 0) {
      const reference = new CompatibilityEngine();
      reference.load(clients);
      same = identical(reference, naive);
    }
  }
  const naiveTime = median(times);
  const engineTime = recompute.get(n)!;
  naiveRows.push([
    count(n),
    String(runs),
    ms(naiveTime),
    ms(engineTime),
    `${(naiveTime / engineTime).toFixed(0)}x`,
    same ? 'yes' : 'NO',
  ]);
}
table(
  'All-pairs computation (computeAllPairsNaive) against the engine, median of runs',
  ['clients', 'runs', 'all pairs', 'engine', 'speed-up', 'identical, pair by pair'],
  naiveRows,
);

if (naiveRows.some((row) => row[5] !== 'yes')) {
  console.error('\nThe engine and the all-pairs computation disagree.');
  process.exitCode = 1;
}
