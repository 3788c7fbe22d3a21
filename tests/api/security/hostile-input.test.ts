import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } from '../../../src/server/seed/demo-content';
import { type Agent, type StartedTestApp, startTestApp } from '../../support/test-app';

let testApp: StartedTestApp;
let agents: Record<'visitor' | 'client' | 'admin', Agent>;

beforeAll(async () => {
  testApp = await startTestApp();
  const client = testApp.agent();
  await client.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
  const admin = testApp.agent();
  await admin.loginAdmin();
  agents = { visitor: testApp.agent(), client, admin };
});
afterAll(async () => {
  await testApp?.close();
});

/**
 * Tables a refused call may still touch (its own session lookup, the log-in counters), and the
 * live instance's heartbeat, which a timer writes whatever the calls do.
 */
const BOOKKEEPING = new Set([
  'sessions',
  'login_throttle',
  'live_instances',
  'kysely_migration',
  'kysely_migration_lock',
]);

async function databaseFingerprint(): Promise<string> {
  const tables = await testApp.app.db.introspection.getTables();
  const parts: string[] = [];
  for (const table of tables.map((entry) => entry.name).sort()) {
    if (BOOKKEEPING.has(table)) continue;
    const rows = await testApp.app.db
      .selectFrom(table as 'clients')
      .selectAll()
      .execute();
    // Image bytes (demo portraits) are compared by hash: as JSON they would be megabytes per look.
    const digest = (value: unknown) =>
      value instanceof Uint8Array ? createHash('sha256').update(value).digest('hex') : value;
    parts.push(
      `${table}:${JSON.stringify(
        rows.map((row) =>
          Object.fromEntries(Object.entries(row).map(([key, value]) => [key, digest(value)])),
        ),
      )}`,
    );
  }
  return parts.join('\n');
}

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    "' OR 1=1 --",
    "'; DROP TABLE clients; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '2024-02-30',
    '9999-99-99',
    '25:61',
    '\u0000',
    '\ud800',
    'x'.repeat(100_000),
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 2_147_483_648, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1.5),
  fc.double(),
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Bodies shaped like the real ones (same keys) but with hostile values, and bodies of any shape. */
const KNOWN_KEYS = [
  'client_id',
  'admin_id',
  'event_id',
  'id',
  'status_id',
  'contacted',
  'clean_id',
  'match_id',
  'profile_id',
  'search',
  'page',
  'gender',
  'email',
  'password',
  'token',
  'assistance_id',
  'period_end',
];
const NESTED_KEYS = [
  'client',
  'access',
  'interes',
  'advert',
  'quizz',
  'event',
  'assistance',
  'admin',
  'profile',
  'fiscal',
];
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...KNOWN_KEYS), hostileValue, { maxKeys: 5 }),
  fc.dictionary(
    fc.constantFrom(...NESTED_KEYS),
    fc.dictionary(
      fc.constantFrom(...KNOWN_KEYS, 'first_name', 'birthday', 'description_update', 'name'),
      hostileValue,
    ),
    { maxKeys: 2 },
  ),
  hostileValue,
);

function expectEnvelope(statusCode: number, body: any) {
  expect(statusCode).toBeLessThan(500);
  expect(['success', 'warning']).toContain(body.status);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.message).not.toMatch(/\b(Error|undefined|TypeError|Cannot|stack|SQLITE|syntax)\b/);
}

type Role = 'visitor' | 'client' | 'admin';
const ROLES: Role[] = ['visitor', 'client', 'admin'];
/** Log-out ends the attacking agent's own session, which the rest of the sweep needs. */
const SESSION_ENDERS = new Set(['/api/client/logout', '/api/admin/logout']);
/** Every call the sweep below attacked, with the roles it attacked it as. */
const attacked = new Map<string, Set<Role>>();

describe('hostile input on every route', () => {
  it('never answers 5xx, always the Spanish envelope, and a refused call changes no row', async () => {
    const routes = testApp.app.routeList
      .filter((route) => route.method === 'POST' && !SESSION_ENDERS.has(route.url))
      .map((route) => route.url.replace(/^\/api\//, ''));
    // Every route as every role, a few hostile bodies each: coverage does not depend on the draw.
    for (const call of routes) {
      for (const role of ROLES) {
        await fc.assert(
          fc.asyncProperty(hostileBody, async (body) => {
            const before = await databaseFingerprint();
            const response = await agents[role].post(call, body);
            expectEnvelope(response.statusCode, response.body);
            if (response.body.status !== 'success') expect(await databaseFingerprint()).toBe(before);
          }),
          { numRuns: 2, seed: 20261122 },
        );
        attacked.set(call, (attacked.get(call) ?? new Set()).add(role));
      }
    }
    // Every call, three roles, a database fingerprint per refusal: 15–20 s on a quiet machine, over
    // 30 s on PostgreSQL on a slower one. A time limit, not a retry: the sweep is long by design.
  }, 120_000);

  it('attacked every POST call the API documents, as visitor, client and admin', () => {
    const documented = Object.entries((testApp.app.swagger() as { paths: Record<string, object> }).paths)
      .filter(([url, operations]) => 'post' in operations && !SESSION_ENDERS.has(url))
      .map(([url]) => url.replace(/^\/api\//, ''));
    expect(documented.length).toBeGreaterThan(30);
    for (const call of documented)
      expect([...(attacked.get(call) ?? [])].sort(), call).toEqual([...ROLES].sort());
  });

  it('answers non-JSON content types, broken JSON and invalid UTF-8 with a 4xx envelope', async () => {
    const routes = testApp.app.routeList
      .filter((route) => route.method === 'POST')
      .map((route) => route.url.slice(5));
    const raw: { body: string | Buffer; type: string }[] = [
      { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
      { body: '{"a":1}', type: 'text/plain' },
      {
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        type: 'multipart/form-data; boundary=x',
      },
      { body: '<xml/>', type: 'application/xml' },
      { body: '{"a": ', type: 'application/json' },
      {
        body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        type: 'application/json',
      },
      { body: '[]', type: 'application/json' },
      { body: 'null', type: 'application/json' },
      { body: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
    ];
    // One look at the whole database per call (not per body): every body is refused, so any row
    // written by one of them would still be there after the last.
    for (const call of routes) {
      const before = await databaseFingerprint();
      for (const { body, type } of raw) {
        const response = await agents.admin.post(call, undefined, {
          rawBody: body,
          headers: { 'content-type': type },
        });
        expectEnvelope(response.statusCode, response.body);
        expect(response.body.status, `${call} ${type} ${String(body).slice(0, 20)}`).toBe('warning');
      }
      expect(await databaseFingerprint(), call).toBe(before);
    }
    // A database fingerprint per call: about 28 s on PostgreSQL on a loaded 2-core machine.
  }, 90_000);
});

describe('text that would be stored as garbage', () => {
  /** NUL, lone surrogates of both halves, and the bidi override/isolate characters. */
  const UNSAFE = ['\u0000', '\ud800', '\udfff', '\u202e', '\u202d', '\u2066', '\u2069'];
  const unsafeText = fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...UNSAFE), fc.string({ maxLength: 10 }))
    .map(([before, bad, after]) => `${before}${bad}${after}`);

  /** A call with one free-text field, and where its value would land. */
  const TEXT_CALLS: {
    call: string;
    role: 'visitor' | 'client' | 'admin';
    body: (text: string) => unknown;
  }[] = [
    {
      call: 'client/add',
      role: 'visitor',
      body: (text) => ({
        client: {
          first_name: text,
          last_name: 'Hostil',
          email: `hostil.${Date.now()}.${Math.random().toString(36).slice(2)}@pruebas.mx`,
          birthday: '1990-01-01',
          password: 'una-clave-larga',
          privacy_consent: true,
        },
      }),
    },
    {
      call: 'client/profile/update',
      role: 'client',
      body: (text) => ({
        profile: { first_name: 'Ana', last_name: text, gender: 1, birthday: '1990-01-01' },
      }),
    },
    {
      call: 'client/advert/update',
      role: 'client',
      body: (text) => ({ advert: { status_id: 1, description_update: text } }),
    },
    {
      call: 'client/report',
      role: 'client',
      body: (text) => ({ target_client_id: 1, reason: 'other', text }),
    },
    {
      call: 'admin/add',
      role: 'admin',
      body: (text) => ({ admin: { name: text, email: 'hostil@pruebas.mx', password: 'una-clave-larga' } }),
    },
    {
      call: 'event/add',
      role: 'admin',
      body: (text) => ({ event: { name: text, day: '2030-01-01', hour: '20:00' } }),
    },
  ];

  it('refuses NUL, lone surrogates and bidi overrides with 400 and never stores them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TEXT_CALLS), unsafeText, async (entry, text) => {
        const before = await databaseFingerprint();
        const response = await agents[entry.role].post(entry.call, entry.body(text));
        expect(response.statusCode, `${entry.call} ${JSON.stringify(text)}`).toBe(400);
        expect(response.body.message).toContain('caracteres no permitidos');
        expect(await databaseFingerprint()).toBe(before);
      }),
      { numRuns: 60, seed: 20261123 },
    );
    const stored = await databaseFingerprint();
    expect(stored).not.toMatch(/\\u0000|\\ud[89ab][0-9a-f]{2}|\ufffd|\u202e/i);
  });
});
