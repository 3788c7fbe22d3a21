// `npm start`: builds the web app when it is not built yet, then runs the server in this same
// process. One process, whatever starts it: a process manager's SIGTERM (to `npm` or to this
// node) reaches the server's own handler, which lets in-flight requests finish, and nothing is
// left behind as an orphan.
import fs from 'node:fs';
import { register } from 'tsx/esm/api';

// React renders the public pages on the server: its production build is several times faster.
process.env.NODE_ENV ??= 'production';

register();
// A bad setting stops the start before the build, with one line per variable to fix.
const { ConfigError, checkEnv, configErrorText } = await import('../src/server/platform/env-schema.ts');
try {
  checkEnv(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(configErrorText(error));
  process.exit(1);
}

// An operator who sets WEB_DIST_DIR serves a build of their own; otherwise build into dist/web.
if (!process.env.WEB_DIST_DIR && !fs.existsSync('dist/web/index.html')) {
  const { build } = await import('vite');
  await build();
}

await import('../src/server/server.ts');
