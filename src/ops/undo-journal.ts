import fs from 'node:fs';
import path from 'node:path';

/**
 * What an undo step takes back, in the order a rollback goes through them (decision 0057): the
 * files and units first, then systemd reads the units again, then the instances run again with
 * their previous configuration, then Caddy goes back to its previous Caddyfile (the site is as it
 * was), and only then a database or role this run created is dropped (no instance uses it any
 * more), and last the system user.
 */
export const UNDO_PHASES = ['files', 'units', 'instances', 'proxy', 'database', 'account'] as const;
export type UndoPhase = (typeof UNDO_PHASES)[number];

/**
 * What one run of an operator's verb created or changed, with how to take each back. A failed
 * run undoes it phase by phase (UNDO_PHASES), last recorded first within a phase, so the machine
 * is as it was before the run (Ghost-CLI's rollback); what was there before the run is never removed.
 */
export class UndoJournal {
  private readonly steps: Array<{ what: string; undo: () => void | Promise<void>; phase: UndoPhase }> = [];

  record(what: string, undo: () => void | Promise<void>, phase: UndoPhase = 'files'): void {
    this.steps.push({ what, undo, phase });
  }

  /**
   * Creates `dir` with `mode` and its missing parents as ordinary folders; the first folder
   * created goes on undo, with all inside.
   */
  makeDir(dir: string, mode = 0o755): void {
    if (fs.existsSync(dir)) return;
    const created = fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o755 }) ?? dir;
    fs.mkdirSync(dir, { mode });
    fs.chmodSync(dir, mode);
    this.record(`carpeta ${created}`, () => fs.rmSync(created, { recursive: true, force: true }));
  }

  /**
   * Writes `content` to `file` when it differs from what is there (atomically, through a file
   * beside it), sets the mode either way and returns whether the content changed. Undo puts the
   * previous content back, or removes a file this run created.
   */
  writeFile(file: string, content: string, mode: number): boolean {
    this.makeDir(path.dirname(file));
    const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    if (before === content) {
      fs.chmodSync(file, mode);
      return false;
    }
    const stat = before === undefined ? undefined : fs.statSync(file);
    const temporary = `${file}.cita-setup-${process.pid}`;
    fs.writeFileSync(temporary, content, { mode });
    fs.chmodSync(temporary, mode);
    fs.renameSync(temporary, file);
    this.record(`archivo ${file}`, () => {
      if (before === undefined || stat === undefined) {
        fs.rmSync(file, { force: true });
        return;
      }
      fs.writeFileSync(file, before);
      fs.chmodSync(file, stat.mode & 0o7777);
      fs.chownSync(file, stat.uid, stat.gid);
    });
    return true;
  }

  /** Undoes everything recorded, phase by phase, last first; returns what could not be undone. */
  async rollback(): Promise<string[]> {
    const failed: string[] = [];
    const ordered = UNDO_PHASES.flatMap((phase) =>
      this.steps.filter((step) => step.phase === phase).reverse(),
    );
    for (const step of ordered) {
      try {
        await step.undo();
      } catch (error) {
        failed.push(`${step.what}: ${(error as Error).message}`);
      }
    }
    this.steps.length = 0;
    return failed;
  }
}
