import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * The test members' own values (names, phones, message texts, session cookies) that no log line
 * may carry (docs/design/23-online.md). The fixtures that create members and send messages, and the agents
 * that receive cookies, write them here; the API run's global teardown (temp-root.ts) searches
 * every log line for them. E-mail addresses need no entry: any address in a log is a finding.
 */
export const VALUES_FILE_PREFIX = 'values-';

/** Values shorter than this are common words or numbers, found everywhere by chance. */
const MIN_LENGTH = 4;

let file: string | null | undefined;

function valuesFile(): string | null {
  if (file === undefined) {
    // Outside the API project (the cluster run, a bench) nothing searches the logs.
    const logDir = process.env.VITEST_WORKER_ID ? inject('testLogDir') : undefined;
    file = logDir ? path.join(logDir, `${VALUES_FILE_PREFIX}${process.pid}.txt`) : null;
  }
  return file;
}

export function rememberPersonalValue(value: string | null | undefined): void {
  const target = valuesFile();
  if (!target || !value || value.trim().length < MIN_LENGTH) return;
  fs.appendFileSync(target, `${JSON.stringify(value)}\n`);
}
