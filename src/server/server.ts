import { buildApp } from './app';
import { configFromEnv } from './platform/config';
import { DatabaseUnreachableError } from './platform/db/database';
import { prepareDatabase } from './seed/seed';

/** Reads the environment, prepares the database and listens; SIGTERM drains in-flight requests. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const app = await buildApp(config);
  const { admin, seeded } = await prepareDatabase(app.db, config);
  if (seeded) app.log.info('demo content loaded');
  if (admin?.generatedPassword) {
    console.log(`\n  Administrador demo: ${admin.email}  contraseña: ${admin.generatedPassword}\n`);
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });
}

main().catch((error) => {
  // An unreachable database is an operating condition, not a bug: one clear line, no stack.
  if (error instanceof DatabaseUnreachableError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
