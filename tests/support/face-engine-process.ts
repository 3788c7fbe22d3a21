import fs from 'node:fs';

/** The fields of a /proc stat line after the command's name, from the state (field 3) on. */
export function statFields(file: string): string[] {
  const stat = fs.readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * The face engine's child processes (human-process.ts) that `parentPid` started, read from /proc:
 * the engine does not hand its process out, and the tests and the bench look at it from outside.
 */
export function faceEngineProcessIds(parentPid = process.pid): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return (
          statFields(`/proc/${pid}/stat`)[1] === String(parentPid) &&
          fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('human-process')
        );
      } catch {
        // A process that ended while the list was read.
        return false;
      }
    })
    .map(Number);
}
