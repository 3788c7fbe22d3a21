/**
 * What `/readyz` asks before it says this instance may take traffic: whether it can serve (the
 * database, its migrations, its queue; readiness-checks.ts). Other parts report warnings that
 * never take traffic away (the backups' health, decision 0058): the answer names both.
 */
export interface ReadinessPart {
  name: string;
  ready: boolean;
  /** Spanish, for the operator: what is wrong, or a note on a part that is fine. */
  detail: string;
  /** Ready, yet something the operator must look at. */
  warning?: boolean;
}

/** Answers null when the part is ready, or why not in Spanish; a `{ note }` is ready with a remark. */
export type ReadinessCheck = () => Promise<string | { note: string } | null>;

/** Parts that only warn, named when asked (their number may grow while the app is built). */
export type WarningSource = () => Promise<{ name: string; warning: string | null }[]>;

/** A check that does not answer within this time counts as failed: a hung database is not ready. */
const CHECK_TIMEOUT_MS = 5_000;
const TIMED_OUT = `no respondió en ${CHECK_TIMEOUT_MS / 1000} s`;

export class Readiness {
  private readonly checks: { name: string; check: ReadinessCheck }[] = [];
  private readonly warnings: { name: string; source: WarningSource }[] = [];

  add(name: string, check: ReadinessCheck): void {
    this.checks.push({ name, check });
  }

  /** `name` stands for the source's parts when the source itself fails or hangs. */
  addWarnings(name: string, source: WarningSource): void {
    this.warnings.push({ name, source });
  }

  async run(): Promise<ReadinessPart[]> {
    const [ready, warned] = await Promise.all([
      Promise.all(this.checks.map(({ name, check }) => runOne(name, check))),
      Promise.all(this.warnings.map(({ name, source }) => runWarnings(name, source))),
    ]);
    return [...ready, ...warned.flat()];
  }
}

async function withTimeout<T>(work: Promise<T>): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function runOne(name: string, check: ReadinessCheck): Promise<ReadinessPart> {
  try {
    const answer = await withTimeout(check());
    if (answer === null) return { name, ready: true, detail: 'bien' };
    if (typeof answer === 'object') return { name, ready: true, detail: answer.note };
    return { name, ready: false, detail: answer };
  } catch {
    // /readyz is public: the error itself (addresses, SQL) stays out of the answer.
    return { name, ready: false, detail: 'la comprobación falló' };
  }
}

async function runWarnings(name: string, source: WarningSource): Promise<ReadinessPart[]> {
  try {
    const answer = await withTimeout(source());
    if (answer === TIMED_OUT) return [{ name, ready: true, warning: true, detail: TIMED_OUT }];
    return answer.map((part) =>
      part.warning === null
        ? { name: part.name, ready: true, detail: 'bien' }
        : { name: part.name, ready: true, warning: true, detail: part.warning },
    );
  } catch {
    return [{ name, ready: true, warning: true, detail: 'la comprobación falló' }];
  }
}
