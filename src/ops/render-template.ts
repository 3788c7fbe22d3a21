import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The files `cita setup` writes, as a reader can open them: src/ops/templates/. */
export const TEMPLATES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'templates');

export type TemplateName =
  | 'Caddyfile'
  | 'cita@.service'
  | 'cita-backup.service'
  | 'cita-backup.timer'
  | 'cita-pgbackrest.service'
  | 'cita-pgbackrest.timer'
  | 'cita.env'
  | 'service-hardening';

const PLACEHOLDER = /\{\{([a-z_]+)\}\}/g;

/**
 * Fills a template's `{{name}}` placeholders. A placeholder without a value, or a value the
 * template does not use, is a mistake in the caller and throws: a half-filled unit would start.
 */
export function renderTemplate(name: TemplateName, values: Record<string, string>): string {
  const template = fs.readFileSync(path.join(TEMPLATES_DIR, name), 'utf8');
  const used = new Set<string>();
  const rendered = template.replace(PLACEHOLDER, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`template ${name}: no value for {{${key}}}`);
    used.add(key);
    return value;
  });
  const unused = Object.keys(values).filter((key) => !used.has(key));
  if (unused.length > 0) throw new Error(`template ${name}: unknown placeholders ${unused.join(', ')}`);
  return rendered;
}
