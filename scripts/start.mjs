// `npm start`: builds the web app when it is not built yet, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('dist/web/index.html')) {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// React renders the public pages on the server: its production build is several times faster.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
