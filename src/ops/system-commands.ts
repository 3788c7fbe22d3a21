import { spawnSync } from 'node:child_process';

/** A step that could not be done, in Spanish, saying what the operator should fix. */
export class SetupError extends Error {}

export interface CommandResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** How the verbs run a program; tests put their own in (useRunner) to see the commands in order. */
export type CommandRunner = (
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string | undefined,
) => CommandResult;

let runner: CommandRunner = spawnCommand;

/** Runs every command through `replacement` until the returned function is called. */
export function useRunner(replacement: CommandRunner): () => void {
  runner = replacement;
  return () => {
    runner = spawnCommand;
  };
}

/** Runs a command and reports how it ended; nothing is thrown for a non-zero exit. */
export function tryCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): CommandResult {
  return runner(command, args, env, cwd);
}

function spawnCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string | undefined,
): CommandResult {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return {
    ok: result.status === 0,
    stdout: result.stdout ?? '',
    stderr: result.error ? result.error.message : (result.stderr ?? ''),
  };
}

/** Runs a command that must succeed; `fix` tells the operator what to do when it does not. */
export function mustRun(
  command: string,
  args: string[],
  fix: string,
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): string {
  const result = tryCommand(command, args, env, cwd);
  if (!result.ok) {
    const output = result.stderr.trim().split('\n').slice(-5).join('\n    ');
    throw new SetupError(`«${[command, ...args].join(' ')}» falló:\n    ${output}\n  ${fix}`);
  }
  return result.stdout;
}

export function commandExists(command: string): boolean {
  return tryCommand('sh', ['-c', `command -v ${command}`]).ok;
}
