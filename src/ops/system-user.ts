import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CommandResult, tryCommand } from './system-commands';

/** The checkout this file belongs to: what the units run and where the verbs' children start. */
export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The system user the services run as; also the PostgreSQL role of a `--postgres` install (peer authentication). */
export const SYSTEM_USER = 'cita';

/**
 * Runs `command` as the `cita` user from the checkout, with `env` (the env file's variables) over
 * this process's environment: what the services would see, for the steps a verb does in their name.
 */
export function runAsCita(command: string[], env: NodeJS.ProcessEnv): CommandResult {
  return tryCommand('runuser', ['-u', SYSTEM_USER, '--', ...command], env, APP_DIR);
}

/** `node bin/cita.mjs <verb> …` as the `cita` user. */
export function runVerbAsCita(verbArgs: string[], env: NodeJS.ProcessEnv): CommandResult {
  return runAsCita([process.execPath, path.join(APP_DIR, 'bin/cita.mjs'), ...verbArgs], env);
}

/** The scripts a verb runs in a process of their own, one file each in src/ops/children/. */
export type ChildScript = 'migrate-database' | 'prepare-database' | 'load-restored-database';

/** The command line of a child script, run from the checkout (APP_DIR) with the server's loader. */
export function childScriptCommand(script: ChildScript, args: string[] = []): string[] {
  return [process.execPath, '--import', 'tsx', `src/ops/children/${script}.ts`, ...args];
}
