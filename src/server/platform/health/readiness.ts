/**
 * What `/readyz` asks before it says this instance may take traffic (design.md §23). The platform
 * adds its own checks when the app is built (readiness-checks.ts); other parts (the backups of
 * §24) add theirs with `add`, and the answer names every part that is not ready.
 */
export interface ReadinessPart {
  name: string;
  ready: boolean;
  /** Spanish, for the operator: what is wrong, or a note on a part that is fine. */
  detail: string;
}

/** Answers null when the part is ready, or why not in Spanish; a `{ note }` is ready with a remark. */
export type ReadinessCheck = () => Promise<string | { note: string } | null>;

/** A check that does not answer within this time counts as failed: a hung database is not ready. */
const CHECK_TIMEOUT_MS = 5_000;

export class Readiness {
  private readonly checks: { name: string; check: ReadinessCheck }[] = [];

  add(name: string, check: ReadinessCheck): void {
    this.checks.push({ name, check });
  }

  async run(): Promise<ReadinessPart[]> {
    return Promise.all(this.checks.map(({ name, check }) => runOne(name, check)));
  }
}

async function runOne(name: string, check: ReadinessCheck): Promise<ReadinessPart> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no respondió en ${CHECK_TIMEOUT_MS / 1000} s`), CHECK_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([check(), timeout]);
    if (answer === null) return { name, ready: true, detail: 'bien' };
    if (typeof answer === 'object') return { name, ready: true, detail: answer.note };
    return { name, ready: false, detail: answer };
  } catch {
    // /readyz is public: the error itself (addresses, SQL) stays out of the answer.
    return { name, ready: false, detail: 'la comprobación falló' };
  } finally {
    clearTimeout(timer);
  }
}
