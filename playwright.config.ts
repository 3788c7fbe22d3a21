import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_BACKUP_ENV } from './tests/e2e/e2e-env';

const port = Number(process.env.E2E_PORT ?? 3107);
// Set once by the runner and inherited by the workers, so tests can read the server's outbox.
if (!process.env.E2E_DATA_DIR) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-e2e-'));
  process.env.E2E_DATA_DIR = created;
  // The runner removes what it created once it is done, after the web server has been stopped
  // (a global teardown would run while the server still writes there).
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const headlessShell = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Specs that need the full browser, as a phone's Chrome behaves: the push offer and push itself,
 * the service worker offline, the camera, the app that starts on her focus. Every other spec runs
 * in Chromium's headless shell, the same engine without the full browser's compositor, about three
 * times faster on the 2-core CI machines (decision 0071).
 */
const FULL_BROWSER_SPECS = [
  'account/notifications.spec.ts',
  'account/notification-saved.spec.ts',
  'admin/promo-codes.spec.ts',
  'events-quiz/door-camera.spec.ts',
  'events-quiz/event-sign-up.spec.ts',
  'messages/messages.spec.ts',
  'pocket/installable-offline.spec.ts',
  'pocket/member-pages.spec.ts',
  'verification/selfie-camera.spec.ts',
];

function launchOptions(executable: string) {
  return {
    executablePath: fs.existsSync(executable) ? executable : fs.existsSync(chromium) ? chromium : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // A trace costs a third of the run when every test records one: only a retried test keeps one.
    trace: 'on-first-retry',
  },
  projects: [
    { name: 'chromium', testMatch: FULL_BROWSER_SPECS, use: { launchOptions: launchOptions(chromium) } },
    {
      name: 'chromium-shell',
      testIgnore: FULL_BROWSER_SPECS,
      use: { launchOptions: launchOptions(headlessShell) },
    },
  ],
  webServer: {
    command: 'node --import tsx src/server/server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      SIGNUPS_PER_ADDRESS: '10000',
      // The screens are checked right after each test writes; the one-minute cache has its API test.
      STATS_MAX_AGE_SECONDS: '0',
      // The payment page sends the member back to PUBLIC_URL: the same host as the tests' pages,
      // so her session cookie goes with her. The built-in test provider listens beside the server.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TEST_PAYMENTS_PORT: String(port + 10),
      // The built-in test PAC issues the CFDIs («SIN VALIDEZ FISCAL»), beside the server too.
      TEST_PAC_PORT: String(port + 11),
      BACKUP_DIR: path.join(dataDir, E2E_BACKUP_ENV.BACKUP_DIRNAME),
      BACKUP_AGE_RECIPIENT: E2E_BACKUP_ENV.BACKUP_AGE_RECIPIENT,
      // Litestream is proved by the API tests; a browser run leaves no replicator behind.
      BACKUP_CONTINUOUS: '0',
    },
  },
});
