import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { registerApiRoutes } from './api-routes';
import { alertAdminsOnReplicaStall } from './back-office/backup-alerts';
import { PartnersService } from './compatibility/matching-service';
import { registerEventImageRoutes } from './events/event-image-routes';
import { importLegacyEventImages } from './events/event-images';
import type { FacturapiPac } from './invoices/facturapi-pac';
import { createPac } from './invoices/pac-client';
import { registerConversationWithRedirect } from './matches/conversations/conversation-with-route';
import { createStripeClient } from './payments/stripe-client';
import { PERSONAL_DATA } from './personal-data-registry';
import { photoImageAccess } from './photos/photo-image-access';
import { registerBodyCapture } from './platform/auth/guards';
import { type BackupHealth, standardBackupHealth } from './platform/backups/backup-health';
import {
  LitestreamSupervisor,
  litestreamSetup,
  replicatesWithLitestream,
} from './platform/backups/litestream';
import { backupTargetOf } from './platform/backups/make-snapshot';
import { QUARANTINE_REFUSES_PROVIDER, quarantineOf } from './platform/backups/quarantine';
import { reportReplicaHealth } from './platform/backups/replica-health';
import type { AppConfig } from './platform/config';
import { createDatabase, type DB, waitForPostgres } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { ReadCache } from './platform/db/read-cache';
import { ensureReadIndexes } from './platform/db/read-indexes';
import { registerHealthRoutes } from './platform/health/health-routes';
import { AppMetrics } from './platform/health/metrics';
import { Readiness } from './platform/health/readiness';
import { addPlatformReadiness } from './platform/health/readiness-checks';
import { BODY_LIMIT } from './platform/http/body-limits';
import { ClosingState } from './platform/http/closing-state';
import { registerErrorHandling } from './platform/http/error-handler';
import { FrontAnswers } from './platform/http/front-answers';
import { JSON_MEDIA_TYPE, parseJsonBody } from './platform/http/json-body';
import { registerRequestGuards } from './platform/http/request-guards';
import { trustProxyFrom } from './platform/http/trust-proxy';
import { registerImageRoutes } from './platform/images/image-routes';
import { InProcessLiveBus, type LiveBus } from './platform/live/live-bus';
import { PostgresLiveBus } from './platform/live/postgres-live-bus';
import { loggerOptions, RequestLogLines, requestLoggerFactory } from './platform/logging';
import { registerMailJobs } from './platform/mail/mail-jobs';
import { Mailer } from './platform/mail/mailer';
import type { PersonalDataRegistry } from './platform/personal-data';
import { JobQueue } from './platform/queue/queue';
import { registerWebApp } from './web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: AppConfig;
    /** This instance's compatibility pairs, kept in step with the database. */
    partners: PartnersService;
    /** Outgoing e-mail: SMTP, or .eml files in DATA_DIR/outbox. */
    mailer: Mailer;
    /** The durable work queue: register handlers by kind, wake it after a commit that enqueued. */
    queue: JobQueue;
    /** Public lists shared by every visitor, dropped when this instance writes their tables. */
    readCache: ReadCache;
    /** Each domain's declaration of the member data it stores: the ARCO export and erasure iterate it. */
    personalData: PersonalDataRegistry;
    /** The payment provider's client (Stripe's, or the built-in test provider's); null when PAYMENTS=off. */
    stripe: Stripe | null;
    /** The PAC's client (Facturapi, or the built-in test PAC); null when INVOICES=off. */
    pac: FacturapiPac | null;
    /** Tells every instance what happened to whom, for the members' live connections (docs/design/20-mensajes.md). */
    liveBus: LiveBus;
    /** Every route as registered, so the security suites can prove they cover them all. */
    routeList: { method: string; url: string }[];
    /** This instance's figures for /metrics: counters the platform and domains move. */
    metrics: AppMetrics;
    /** What /readyz asks: whether this instance can serve, and the backups' warnings. */
    readiness: Readiness;
    /** The parts of backup health (decision 0058); a part only this process knows is added here. */
    backupHealth: BackupHealth;
    /** The public lists' kept answers, sent before routing (decision 0056). */
    frontAnswers: FrontAnswers;
  }
}

/** Tables the cached public lists read: a write to any of them drops the cache. */
const PUBLIC_LIST_TABLES = new Set([
  'events',
  'assistance',
  'event_categories',
  'images',
  'image_variants',
  'adverts',
  'clients',
  'photos',
  // The «Verificada en persona» and «Foto verificada» marks every advert carries.
  'door_face_matches',
  'verified_photos',
]);

export interface BuildOptions {
  /** Reuse an open database (tests, scripts); otherwise one is opened from the config. */
  db?: DB;
  logger?: boolean;
  /** Log to this file instead of stdout (the API tests search every line for members' data). */
  logFile?: string;
}

/** Builds the whole app without listening, so tests can drive it over HTTP on any port. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const closing = new ClosingState();
  const trust = trustProxyFrom(config.trustProxy);
  const frontAnswers = new FrontAnswers({ publicUrl: config.publicUrl, trust, closing });
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, { file: options.logFile }),
    childLoggerFactory: requestLoggerFactory,
    logController: new RequestLogLines(),
    bodyLimit: BODY_LIMIT,
    trustProxy: trust,
    // On close, idle keep-alive sockets are dropped at once; in-flight requests still finish.
    forceCloseConnections: 'idle',
    // Malformed addresses fail before routing, outside the error handler: same envelope here.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).code(400).send({ status: 'warning', message: 'La dirección no es válida' });
    },
  });
  const readCache = new ReadCache(config.publicCacheTtlMs, PUBLIC_LIST_TABLES);
  const db = (
    options.db ??
    createDatabase({
      ...config,
      onPoolError: (error) => app.log.warn({ err: error }, 'database connection lost'),
    })
  ).withPlugin(readCache.plugin());
  if (!options.db) {
    if (config.databaseUrl) {
      await waitForPostgres(db, {
        databaseUrl: config.databaseUrl,
        timeoutMs: config.databaseWaitMs,
        log: (message) => app.log.warn(message),
      });
    }
    // A second instance starting now waits for the first to finish migrating (decision 0049).
    await migrateToLatest(db, {
      onWait: () => app.log.warn('otro proceso está aplicando las migraciones; se espera a que termine'),
    });
    await ensureReadIndexes(db, config.databaseUrl);
    await importLegacyEventImages(db, config.dataDir, app.log);
  }
  app.decorate('db', db);
  app.decorate('readCache', readCache);
  app.decorate('partners', new PartnersService(db));
  app.decorate('mailer', new Mailer(config, app.log));
  const quarantined = async () => (await quarantineOf(db)) !== null;
  app.decorate('queue', new JobQueue(db, config.queue, app.log, quarantined));
  // On PostgreSQL notices reach every instance through LISTEN/NOTIFY (decision 0037); on SQLite
  // there is one process.
  if (config.databaseUrl) {
    const liveBus = new PostgresLiveBus({
      databaseUrl: config.databaseUrl,
      db,
      log: (message) => app.log.warn(message),
    });
    app.decorate('liveBus', liveBus);
    app.addHook('onReady', async () => liveBus.start());
  } else {
    app.decorate('liveBus', new InProcessLiveBus());
  }
  app.addHook('onClose', async () => app.liveBus.close());
  // Snapshots, the continuous replica, or both: their health is told, never a reason to be unready.
  const backupsOn = backupTargetOf(config) !== null || replicatesWithLitestream(config);
  app.decorate('backupHealth', standardBackupHealth());
  const backupWarnings = async () =>
    (await app.backupHealth.check(db, config)).map((part) => ({
      name: part.name,
      warning: part.warning?.warning ?? null,
    }));
  app.decorate(
    'metrics',
    new AppMetrics(db, app.queue, { backupWarnings: backupsOn ? backupWarnings : null }),
  );
  app.decorate('readiness', new Readiness());
  app.decorate('frontAnswers', frontAnswers);
  frontAnswers.collectRoutes(app);
  frontAnswers.installOn(app);
  addPlatformReadiness(app.readiness, db, app.queue);
  if (backupsOn) app.readiness.addWarnings('respaldos', backupWarnings);
  if (replicatesWithLitestream(config)) {
    const litestream = new LitestreamSupervisor(
      litestreamSetup(config.dataDir, config.backups.dir!, config.backups.s3),
      app.log,
    );
    reportReplicaHealth(app, litestream);
    alertAdminsOnReplicaStall(app, litestream);
    app.addHook('onReady', async () => litestream.start());
    app.addHook('onClose', async () => litestream.stop());
  }
  registerMailJobs(app.queue, app.mailer, app.metrics);
  // Domains register their kinds while the app is built; jobs run once it is ready.
  app.addHook('onReady', async () => app.queue.start());
  app.decorate('routeList', []);
  app.decorate('personalData', PERSONAL_DATA);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeList.push({ method, url: route.url });
  });
  app.decorate('config', config);
  app.decorate(
    'stripe',
    config.payments.mode === 'off'
      ? null
      : createStripeClient(config.payments, async () =>
          (await quarantined()) ? QUARANTINE_REFUSES_PROVIDER : null,
        ),
  );
  app.decorate(
    'pac',
    createPac(config.invoices, async () => ((await quarantined()) ? QUARANTINE_REFUSES_PROVIDER : null)),
  );
  if (!options.db) app.addHook('onClose', async () => db.destroy());

  app.addHook('preClose', async () => {
    closing.begin();
    // Claims no more jobs and lets the running ones finish; what is left waits in the database.
    await app.queue.stop();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing.closingNow) reply.header('connection', 'close');
    done(null, payload);
  });

  // The body as sent is kept here, before a route's schema strips keys (registerBodyCapture).
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'buffer' }, (request, body, done) => {
    let parsed: unknown;
    try {
      parsed = parseJsonBody(body as Buffer);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    request.bodyAsSent = parsed;
    done(null, parsed);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerRequestGuards(app);
  // Pages, JSON and SVG over slow mobile links: brotli (fast setting, it runs per response) or gzip.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerBodyCapture(app);
  // Collects every route registered after it; the document is served at GET /api/openapi.json.
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Cita API',
        version: '1.0.0',
        description:
          'Todas las llamadas responden { status: "success" | "warning" | "danger", message, …datos }.',
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(registerHealthRoutes);
  await app.register(registerApiRoutes, { prefix: '/api' });
  await app.register(registerImageRoutes, { access: { photo: photoImageAccess } });
  await app.register(registerEventImageRoutes);
  await app.register(registerConversationWithRedirect);
  await registerWebApp(app, config);
  return app;
}
