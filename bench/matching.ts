import { BestPartners, type PartnerCandidate } from '../src/server/compatibility/best-partners';
import { median, percentile } from './stats';
import { seededRandom, syntheticAnswers, syntheticClients } from './synthetic-clients';

/**
 * `npm run bench:matching`, first half: the compatibility engine in process, on seeded synthetic
 * clients (bench/synthetic-clients.ts, half with a published advert), at the §17 scale of 600 000
 * quiz answers by default (N=…). Times the load, a member's "Para ti", an admin's look at one
 * client's pairs, the site's best pairs (found, and a page of them), and a re-answer with everything
 * kept; prints the heap the engine holds. The figures through HTTP and the database are
 * bench:para-ti's and bench:scale's.
 */
const N = Number(process.env.N ?? 600_000);
const SEED = 20_240_201;
const SAMPLES = 200;

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
const random = seededRandom(SEED + 1);

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const clients: PartnerCandidate[] = syntheticClients(N, SEED).map((client) => ({
  ...client,
  listed: random() < 0.5,
}));
const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const engine = new BestPartners();
const loadMs = timed(() => engine.load(clients, []));
const pairable = clients.filter((client) => client.answers !== null && client.age !== null);
const someone = () => pairable[Math.floor(random() * pairable.length)]!;

const paraTi = Array.from({ length: SAMPLES }, () => {
  const id = someone().id;
  return timed(() => engine.bestOf(id));
});
const adminClient = Array.from({ length: SAMPLES }, () => {
  const id = someone().id;
  return timed(() => engine.pairsOf(id));
});
const siteFound = timed(() => engine.sitePairs(0, 50));
const sitePage = Array.from({ length: SAMPLES }, (_, index) =>
  timed(() => engine.sitePairs((index % 20) * 50, 50)),
);
const reanswer = Array.from({ length: SAMPLES / 4 }, () => {
  const client = someone();
  const changed = { ...client, answers: syntheticAnswers(random, client.gender, client.age ?? 30) };
  return timed(() => engine.upsert(changed));
});
const siteAfter = timed(() => engine.sitePairs(0, 50));
const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;

const rows: [string, string][] = [
  ['clients (with a quiz and a birthday)', engine.clientCount.toLocaleString('en-US')],
  ['load', ms(loadMs)],
  ['"Para ti" of one member, p50 / p95', `${ms(median(paraTi))} / ${ms(percentile(paraTi, 95))}`],
  [
    "one client's pairs for the admin, p50 / p95",
    `${ms(median(adminClient))} / ${ms(percentile(adminClient, 95))}`,
  ],
  ["the site's best pairs, found", ms(siteFound)],
  ['a page of them, p95', ms(percentile(sitePage, 95))],
  [
    'a re-answer (lists and site pairs kept), p50 / p95',
    `${ms(median(reanswer))} / ${ms(percentile(reanswer, 95))}`,
  ],
  ["the site's best pairs after the re-answers", ms(siteAfter)],
  ['heap held by the engine and its lists', `${((heapAfter - heapBefore) / 2 ** 20).toFixed(0)} MiB`],
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`Compatibility engine in process, N = ${N.toLocaleString('en-US')} synthetic clients`);
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
