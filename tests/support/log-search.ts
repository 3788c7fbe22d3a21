import fs from 'node:fs';
import path from 'node:path';
import { VALUES_FILE_PREFIX } from './personal-values';

/** Addresses that are no member's: the test admin, the site's own sender and push contact. */
const NOT_A_MEMBER = new Set(['admin@pruebas.mx', 'hola@cita.mx']);
const EMAIL = /[\p{L}\p{N}._%+-]+@([\p{L}\p{N}-]+\.)+\p{L}{2,}/gu;

function escapeForRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every log line in `logDir` that carries a member's e-mail address or one of the values the
 * fixtures remembered (tests/support/personal-values.ts), as `file:line: finding`.
 */
export function personalDataInLogs(logDir: string): string[] {
  const files = fs.readdirSync(logDir);
  const values = new Set<string>();
  for (const name of files.filter((file) => file.startsWith(VALUES_FILE_PREFIX))) {
    for (const line of fs.readFileSync(path.join(logDir, name), 'utf8').split('\n')) {
      if (line) values.add(JSON.parse(line) as string);
    }
  }
  // One pattern for all of them, whole words only ('Prueba' is not in 'pruebas.mx'); longest
  // first so a name is reported rather than its prefix.
  const known =
    values.size === 0
      ? null
      : new RegExp(
          `(?<![\\p{L}\\p{N}])(${[...values]
            .sort((a, b) => b.length - a.length)
            .map(escapeForRegExp)
            .join('|')})(?![\\p{L}\\p{N}])`,
          'u',
        );
  const findings: string[] = [];
  for (const name of files.filter((file) => file.endsWith('.log'))) {
    const lines = fs.readFileSync(path.join(logDir, name), 'utf8').split('\n');
    lines.forEach((line, index) => {
      const emails = [...line.matchAll(EMAIL)]
        .map((match) => match[0])
        .filter((email) => !NOT_A_MEMBER.has(email));
      const value = known?.exec(line)?.[1];
      const found = [...emails, ...(value ? [value] : [])];
      if (found.length > 0)
        findings.push(`${name}:${index + 1}: ${found.join(', ')} en ${line.slice(0, 500)}`);
    });
  }
  return findings;
}
