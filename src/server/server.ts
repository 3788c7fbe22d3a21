import path from 'node:path';
import { startTestPac, type TestPac } from '../test-pac/test-pac';
import { startTestProvider, type TestProvider } from '../test-payment-provider/test-provider';
import { buildApp } from './app';
import { configFromEnv } from './platform/config';
import { DatabaseUnreachableError } from './platform/db/database';
import { ConfigError, configErrorText } from './platform/env-schema';
import { loadDemoInvoices } from './seed/demo-invoices';
import { loadDemoPayments } from './seed/demo-payments';
import { prepareDatabase } from './seed/seed';

/** Reads the environment, prepares the database and listens; SIGTERM drains in-flight requests. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const host = config.host;
  let provider: TestProvider | undefined;
  if (config.payments.mode === 'test-provider') {
    // No Stripe key: the built-in test provider takes payments, through the same client.
    provider = await startTestProvider({
      port: config.payments.testProviderPort,
      host,
      publicHost: new URL(config.publicUrl).hostname,
      webhookUrl: `http://127.0.0.1:${config.port}/api/payments/webhook`,
      stateFile: path.join(config.dataDir, 'pagos-de-prueba.json'),
    });
    config.payments = {
      ...config.payments,
      secretKey: provider.secretKey,
      webhookSecret: provider.webhookSecret,
      apiBase: provider.url,
    };
  }
  let testPac: TestPac | undefined;
  if (config.invoices.mode === 'test-pac') {
    // No Facturapi key: the built-in test PAC issues the CFDIs («SIN VALIDEZ FISCAL»), through the same client.
    testPac = await startTestPac({
      port: config.invoices.testPacPort,
      host,
      issuer: config.invoices.issuer,
      stateFile: path.join(config.dataDir, 'facturas-de-prueba.json'),
    });
    config.invoices = { ...config.invoices, apiKey: testPac.apiKey, apiBase: testPac.url };
  }
  const app = await buildApp(config);
  if (testPac) {
    const started = testPac;
    app.addHook('onClose', () => started.close());
    app.log.info(
      `facturas de prueba en ${started.url.replace(/\/v2$/, '/emitidos')} (sin cuenta de Facturapi)`,
    );
  }
  if (provider) {
    const started = provider;
    app.addHook('onClose', () => started.close());
    app.log.info(`pagos de prueba en ${started.url} (sin cuenta de Stripe)`);
  }
  const { admin, seeded } = await prepareDatabase(app.db, config);
  if (seeded) app.log.info('demo content loaded');
  if (seeded && testPac) {
    // Only through the built-in test PAC (a Facturapi key would stamp the demo's CFDIs for real),
    // and before listening: the first visitor of «Facturación» finds them.
    await loadDemoInvoices(app).catch((error) => app.log.warn({ err: error }, 'demo invoices not loaded'));
  }
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
  await app.listen({ port: config.port, host });
  if (seeded && provider) {
    // Paid through the real flow, so the provider's webhooks reach the server that now listens.
    await loadDemoPayments(app).catch((error) => app.log.warn({ err: error }, 'demo payments not loaded'));
  }
}

main().catch((error) => {
  // A bad setting or an unreachable database is an operating condition, not a bug: clear lines, no stack.
  if (error instanceof ConfigError) console.error(configErrorText(error));
  else if (error instanceof DatabaseUnreachableError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
