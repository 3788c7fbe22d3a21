import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { personalDataInLogs } from './log-search';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run's own under the system temp folder; the run removes it at the end. */
    tempRoot: string;
    /** Where every test app writes its log lines (debug level), searched at the end of the run. */
    testLogDir: string;
  }
}

/**
 * Vitest global setup of the API project. Test apps and server processes make their folders in
 * here and remove them when they close; whatever still lands afterwards (a mail sent after its
 * test ended) goes when the whole run does, so a run leaves nothing in /tmp.
 *
 * Every test app logs to a file in `testLogDir`; at the end the run fails if any line carries a
 * member's e-mail, name, phone, message text or session cookie (docs/design/23-online.md).
 */
export default function setup(project: TestProject): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-api-run-'));
  const logDir = path.join(root, 'logs');
  fs.mkdirSync(logDir);
  project.provide('tempRoot', root);
  project.provide('testLogDir', logDir);
  return () => {
    const findings = personalDataInLogs(logDir);
    fs.rmSync(root, { recursive: true, force: true });
    if (findings.length > 0) {
      // Vitest reports an error thrown here but would still exit with 0.
      process.exitCode = 1;
      throw new Error(
        `${findings.length} líneas de log llevan datos de miembros de prueba:\n${findings.slice(0, 20).join('\n')}`,
      );
    }
  };
}
