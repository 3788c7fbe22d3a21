import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { sha256OfFile } from './age-files';

const MANIFEST_SUFFIX = '.manifest.json';

const writtenFileSchema = z.object({ file: z.string(), size: z.number().int(), sha256: z.string() });

const figuresSchema = z.record(z.string(), z.object({ rows: z.number().int(), sha256: z.string() }));

/**
 * Written last, beside the encrypted file, once restoring it gave back the source: a snapshot
 * without one (a run killed halfway, a failed verification) is never listed nor restored.
 */
export const manifestSchema = z.object({
  format: z.literal('cita-respaldo-1'),
  engine: z.enum(['sqlite', 'postgres']),
  kind: z.enum(['nightly', 'manual', 'before-upgrade']),
  created_at: z.string(),
  database: writtenFileSchema,
  /** The secrets set in the environment (VAPID pair, e-mail hash key), when there were any. */
  secrets: writtenFileSchema.optional(),
  /** Rows and content hash of every table at the snapshot's moment. */
  tables: figuresSchema,
});
export type SnapshotManifest = z.infer<typeof manifestSchema>;

/** A snapshot's name says when it was made: `cita-2026-12-13T21-05-00-000Z`. */
export function snapshotBaseName(at: Date): string {
  return `cita-${at.toISOString().replaceAll(':', '-').replace('.', '-')}`;
}

/** Where a file is written before it is complete; a dot name that no listing reads. */
export function partialPathFor(finalPath: string): string {
  return path.join(path.dirname(finalPath), `.${path.basename(finalPath)}.partial`);
}

function fsyncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Moves a flushed file into its final name, and makes the rename itself durable. */
export function publishFile(partial: string, finalPath: string): void {
  fs.renameSync(partial, finalPath);
  fsyncDirectory(path.dirname(finalPath));
}

export function manifestPathFor(dir: string, baseName: string): string {
  return path.join(dir, `${baseName}${MANIFEST_SUFFIX}`);
}

/** Writes the manifest atomically (temp name, fsync, rename): the last step of a snapshot. */
export function writeManifest(dir: string, baseName: string, manifest: SnapshotManifest): string {
  const finalPath = manifestPathFor(dir, baseName);
  const partial = partialPathFor(finalPath);
  const fd = fs.openSync(partial, 'w', 0o600);
  try {
    fs.writeFileSync(fd, `${JSON.stringify(manifest, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  publishFile(partial, finalPath);
  return finalPath;
}

export interface ListedSnapshot {
  manifestPath: string;
  manifest: SnapshotManifest;
}

function readManifest(manifestPath: string): SnapshotManifest | null {
  try {
    return manifestSchema.parse(JSON.parse(fs.readFileSync(manifestPath, 'utf8')));
  } catch {
    return null;
  }
}

function manifestNamesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => name.endsWith(MANIFEST_SUFFIX) && !name.startsWith('.'));
}

/** The complete snapshots in `dir` (those with a readable manifest), newest first. */
export function listSnapshots(dir: string): ListedSnapshot[] {
  return manifestNamesIn(dir)
    .flatMap((name) => {
      const manifestPath = path.join(dir, name);
      const manifest = readManifest(manifestPath);
      return manifest ? [{ manifestPath, manifest }] : [];
    })
    .sort((a, b) => b.manifest.created_at.localeCompare(a.manifest.created_at));
}

/** A snapshot that must not be restored; the message says why, in Spanish, for the operator. */
export class SnapshotRefused extends Error {}

/**
 * The snapshot `reference` names (`latest`, its encrypted file or its manifest), once its file is
 * exactly the one its manifest describes: same size, same sha256. Anything else is refused.
 */
export async function checkedSnapshot(
  reference: string,
  dir: string | undefined,
): Promise<{ manifest: SnapshotManifest; databaseFile: string; secretsFile: string | null }> {
  let manifestPath: string;
  if (reference === 'latest') {
    if (!dir)
      throw new SnapshotRefused('Para restaurar «latest» hace falta BACKUP_DIR (la carpeta de respaldos)');
    return checkedNewest(dir);
  } else {
    const resolved = path.resolve(reference);
    manifestPath = resolved.endsWith(MANIFEST_SUFFIX)
      ? resolved
      : path.join(
          path.dirname(resolved),
          `${path.basename(resolved).replace(/\.[a-z]+\.age$/, '')}${MANIFEST_SUFFIX}`,
        );
    if (!fs.existsSync(resolved)) throw new SnapshotRefused(`No existe el archivo ${resolved}`);
  }
  if (!fs.existsSync(manifestPath)) {
    throw new SnapshotRefused(
      `El respaldo ${path.basename(reference)} está incompleto: no tiene manifiesto (se interrumpió mientras se hacía o no se pudo verificar). No se restaura.`,
    );
  }
  const manifest = readManifest(manifestPath);
  if (!manifest) throw new SnapshotRefused(`El manifiesto ${manifestPath} está dañado. No se restaura.`);
  const folder = path.dirname(manifestPath);
  const databaseFile = await checkedFile(folder, manifest.database);
  const secretsFile = manifest.secrets ? await checkedFile(folder, manifest.secrets) : null;
  return { manifest, databaseFile, secretsFile };
}

/**
 * The newest snapshot of `dir`, checked. A damaged newest one is named and refused, never passed
 * over for an older one in silence (decision 0058): the refusal says how to restore the previous
 * one, by its name, when the operator chooses to.
 */
async function checkedNewest(dir: string) {
  // Names sort by the moment they were made: a manifest that no longer parses still counts.
  const newestName = manifestNamesIn(dir).sort().at(-1);
  if (!newestName) throw new SnapshotRefused(`No hay ningún respaldo completo en ${dir}`);
  const manifestPath = path.join(dir, newestName);
  const previous = listSnapshots(dir).find((listed) => listed.manifestPath !== manifestPath);
  const howToRestorePrevious = previous
    ? ` Para restaurar el anterior (del ${previous.manifest.created_at}), nómbrelo: cita restore ${path.join(dir, previous.manifest.database.file)} --identity …`
    : ' No hay otro respaldo completo en esa carpeta.';
  const manifest = readManifest(manifestPath);
  if (!manifest) {
    throw new SnapshotRefused(
      `El respaldo más reciente está dañado: su manifiesto ${manifestPath} no se puede leer. No se restaura.${howToRestorePrevious}`,
    );
  }
  try {
    const databaseFile = await checkedFile(dir, manifest.database);
    const secretsFile = manifest.secrets ? await checkedFile(dir, manifest.secrets) : null;
    return { manifest, databaseFile, secretsFile };
  } catch (error) {
    if (!(error instanceof SnapshotRefused)) throw error;
    throw new SnapshotRefused(`El respaldo más reciente no sirve. ${error.message}${howToRestorePrevious}`);
  }
}

/** The file a manifest entry names, once it is exactly that file: same size, same sha256. */
async function checkedFile(folder: string, entry: SnapshotManifest['database']): Promise<string> {
  const file = path.join(folder, entry.file);
  if (!fs.existsSync(file)) throw new SnapshotRefused(`Falta el archivo del respaldo ${file}`);
  const size = fs.statSync(file).size;
  const sha256 = size === entry.size ? await sha256OfFile(file) : null;
  if (sha256 !== entry.sha256) {
    throw new SnapshotRefused(
      `El respaldo ${entry.file} no coincide con su manifiesto (${
        sha256 === null ? `mide ${size} bytes y debía medir ${entry.size}` : 'su huella sha256 es otra'
      }): el archivo cambió o está dañado. No se restaura.`,
    );
  }
  return file;
}
