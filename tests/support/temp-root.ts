import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run's own under the system temp folder; the run removes it at the end. */
    tempRoot: string;
  }
}

/**
 * Vitest global setup of the API project. Test apps and server processes make their folders in
 * here and remove them when they close; whatever still lands afterwards (a mail sent after its
 * test ended) goes when the whole run does, so a run leaves nothing in /tmp.
 */
export default function setup(project: TestProject): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-api-run-'));
  project.provide('tempRoot', root);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
