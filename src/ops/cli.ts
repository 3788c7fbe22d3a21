import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * `cita <verb> [args]`: the operator's verbs (docs/design/23-online.md, docs/design/24-backups.md), one file per verb beside this
 * one, each exporting `run(args): Promise<number>` (the exit code). A verb is loaded only when
 * asked for, so `cita doctor` does not pay for what `cita setup` imports.
 */
export const VERBS = {
  setup: 'instala Cita en este servidor: HTTPS con Caddy, servicios de systemd y secretos',
  doctor:
    'revisa la configuración, la base de datos, el correo, los pagos, el disco, el reloj y los respaldos',
  upgrade: 'actualiza Cita: respaldo verificado, migraciones y reinicio escalonado',
  backup: 'hace ahora un respaldo verificado y dice dónde quedó',
  restore: 'restaura un respaldo en una base nueva',
} as const;

export type Verb = keyof typeof VERBS;

interface VerbModule {
  /** Parses its own options with parseVerbArgs (verb-options.ts): `--help` included. */
  run(args: string[]): Promise<number>;
}

/**
 * `cita backup | head -1`: the reader is gone, yet the verb must finish its work (a backup cut
 * short by a closed pipe would be a failed backup). What is left to print goes nowhere.
 */
function ignoreClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}

export function helpText(): string {
  const width = Math.max(...Object.keys(VERBS).map((verb) => verb.length));
  return [
    'Uso: cita <orden> [opciones]',
    '',
    'Órdenes:',
    ...Object.entries(VERBS).map(([verb, what]) => `  ${verb.padEnd(width)}  ${what}`),
    '',
    'cita <orden> --help muestra las opciones de cada orden.',
  ].join('\n');
}

function isVerb(name: string): name is Verb {
  return Object.hasOwn(VERBS, name);
}

/** Runs one verb and answers its exit code; every problem is told in Spanish, without a stack. */
export async function main(argv: string[]): Promise<number> {
  ignoreClosedPipes();
  // Only the verb's name is read here; the verb parses its own options (--help included).
  const { tokens } = parseArgs({
    args: argv,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const named = tokens.find((token) => token.kind === 'positional');
  if (!named) {
    console.log(helpText());
    return tokens.some((token) => token.kind === 'option' && token.name === 'help') ? 0 : 1;
  }
  const verb = named.value;
  if (!isVerb(verb)) {
    console.error(`cita: no existe la orden «${verb}».\n\n${helpText()}`);
    return 1;
  }
  if (!fs.existsSync(fileURLToPath(new URL(`./${verb}.ts`, import.meta.url)))) {
    console.error(`cita: la orden «${verb}» todavía no está disponible en esta versión.`);
    return 1;
  }
  const module = (await import(`./${verb}.ts`)) as VerbModule;
  const args = argv.slice(named.index + 1);
  return module.run(args);
}
