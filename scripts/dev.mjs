// `npm run dev`: the API with reload on port 3000 and Vite's dev server (proxying /api) on 5173.
// A development convenience with two children: a signal to this process stops both, and this
// process exits once they have.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/server.ts'], { stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
let exitCode = 0;
const stop = (signal = 'SIGTERM') => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    if (code) exitCode = code;
    // One of the two stopped on its own: the other is of no use alone.
    stop();
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) process.exit(exitCode);
  });
}
