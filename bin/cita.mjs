#!/usr/bin/env node
// `cita <verb>`: the operator's commands (src/ops/cli.ts), run from the installed checkout with
// the same TypeScript loader as `npm start`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/ops/cli.ts');
process.exitCode = await main(process.argv.slice(2));
