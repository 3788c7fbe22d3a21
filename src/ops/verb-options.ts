import { type ParseArgsConfig, parseArgs } from 'node:util';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** What a verb's command line asked for: its values, or to stop now with `exitCode` (help or a mistake). */
export type VerbArgs<T extends OptionsConfig> =
  | {
      values: ReturnType<typeof parseArgs<{ options: T; strict: true }>>['values'];
      positionals: string[];
      exitCode?: undefined;
    }
  | { values?: undefined; positionals?: undefined; exitCode: number };

/** node:util's messages (English) as the operator reads them. */
function spanishMistake(error: NodeJS.ErrnoException): string {
  const option = /'(-[^' ]+)/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `no existe la opción «${option}»`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(error.message)
        ? `la opción «${option}» no lleva valor`
        : `a la opción «${option}» le falta su valor`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `sobra «${/'([^']*)'/.exec(error.message)?.[1] ?? ''}»: esta orden no lleva ese argumento`;
    default:
      return error.message;
  }
}

/**
 * Every verb's command line: node:util's parseArgs (strict), with `--help`/`-h` printing `usage`
 * (exit 0) and each mistake said in Spanish followed by `usage` (exit 2).
 */
export function parseVerbArgs<T extends OptionsConfig>(
  verb: string,
  usage: string,
  options: T,
  args: string[],
  { allowPositionals = false } = {},
): VerbArgs<T> {
  if (args.some((arg) => arg === '--help' || arg === '-h')) {
    console.log(usage);
    return { exitCode: 0 };
  }
  try {
    const parsed = parseArgs({ args, options, strict: true, allowPositionals });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    console.error(`cita ${verb}: ${spanishMistake(error as NodeJS.ErrnoException)}`);
    console.error(usage);
    return { exitCode: 2 };
  }
}
