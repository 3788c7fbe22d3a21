import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(__dirname, '../../src/server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module a file imports, resolved to a path under src/server. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((match) =>
    path.relative(SERVER, path.resolve(path.dirname(file), match[1]!)),
  );
}

describe('notifications and the domains that notify (docs/design/21-pocket.md)', () => {
  it('events, matches and payments reach notifications only through notify-member.ts', () => {
    const reached = ['events', 'matches', 'payments']
      .flatMap((domain) => sourceFiles(path.join(SERVER, domain)))
      .flatMap((file) => importsOf(file).filter((target) => target.startsWith('notifications/')));
    expect(reached.length).toBeGreaterThan(0);
    expect([...new Set(reached)]).toEqual(['notifications/notify-member']);
  });

  it('notifications imports nothing of events, matches or payments', () => {
    const reached = sourceFiles(path.join(SERVER, 'notifications')).flatMap((file) =>
      importsOf(file).filter((target) => /^(events|matches|payments)\//.test(target)),
    );
    expect(reached).toEqual([]);
  });
});
