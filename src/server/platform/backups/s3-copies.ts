import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { snapshotsToKeep } from './retention';
import { manifestSchema, type SnapshotManifest } from './snapshot-files';

/**
 * A copy of every verified snapshot in S3-compatible storage (docs/design/24-backups.md): the same encrypted
 * files and manifest as in BACKUP_DIR, under the same names at the bucket's root.
 */
export function s3ClientOf(s3: S3Config): S3Client {
  return new S3Client({
    region: s3.region,
    ...(s3.endpoint && { endpoint: s3.endpoint }),
    // Path-style addresses work on every S3-compatible service; virtual hosts need DNS per bucket.
    forcePathStyle: Boolean(s3.endpoint),
    // The SDK's default trailing checksums are AWS-only; S3-compatible services refuse them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
}

export function s3PlaceName(s3: S3Config): string {
  return `s3://${s3.bucket}`;
}

/**
 * Uploads a snapshot's files; the manifest last, so a copy cut short is never listed as complete
 * (a run that dies mid-upload leaves files without a manifest, which the retention deletes).
 */
export async function uploadSnapshot(s3: S3Config, files: string[], manifest: string): Promise<void> {
  const client = s3ClientOf(s3);
  try {
    for (const file of [...files, manifest]) {
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: path.basename(file),
          Body: fs.createReadStream(file),
          ContentLength: fs.statSync(file).size,
        }),
      );
    }
  } finally {
    client.destroy();
  }
}

interface StoredObject {
  key: string;
  lastModified: Date;
}

async function listObjects(client: S3Client, bucket: string): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: 'cita-', ContinuationToken: token }),
    );
    for (const entry of page.Contents ?? []) {
      if (entry.Key) objects.push({ key: entry.Key, lastModified: entry.LastModified ?? new Date(0) });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

async function readObject(client: S3Client, bucket: string, key: string): Promise<Readable> {
  const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return answer.Body as Readable;
}

async function readManifestObject(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<SnapshotManifest | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of await readObject(client, bucket, key)) chunks.push(chunk as Buffer);
  const parsed = manifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  return parsed.success ? parsed.data : null;
}

interface StoredSnapshot {
  manifestKey: string;
  manifest: SnapshotManifest;
}

/** The complete snapshots in the bucket (those with a readable manifest), newest first. */
async function listStoredSnapshots(client: S3Client, bucket: string): Promise<StoredSnapshot[]> {
  const keys = (await listObjects(client, bucket))
    .map((entry) => entry.key)
    .filter((key) => key.endsWith('.manifest.json'));
  const listed: StoredSnapshot[] = [];
  for (const manifestKey of keys) {
    const manifest = await readManifestObject(client, bucket, manifestKey);
    if (manifest) listed.push({ manifestKey, manifest });
  }
  return listed.sort((a, b) => b.manifest.created_at.localeCompare(a.manifest.created_at));
}

/** Left by an upload that died: no manifest names them, and gone after a day. */
const LEFTOVER_AGE_MS = 24 * 60 * 60_000;

/**
 * The same retention as the folder's (retention.ts), applied to the bucket, and
 * the files of uploads cut short removed after a day. Answers the keys deleted.
 */
export async function applyS3Retention(s3: S3Config, now = new Date()): Promise<string[]> {
  const client = s3ClientOf(s3);
  try {
    const listed = await listStoredSnapshots(client, s3.bucket);
    const keep = snapshotsToKeep(
      listed.map(({ manifest }) => ({
        name: manifest.database.file,
        createdAt: new Date(manifest.created_at),
      })),
      now,
    );
    const named = new Set<string>();
    const doomed: string[] = [];
    for (const { manifestKey, manifest } of listed) {
      const files = [manifest.database.file, ...(manifest.secrets ? [manifest.secrets.file] : [])];
      if (keep.has(manifest.database.file)) {
        for (const key of [manifestKey, ...files]) named.add(key);
      } else {
        // The manifest first: a snapshot never lingers half-deleted as a complete one.
        doomed.push(manifestKey, ...files);
      }
    }
    for (const { key, lastModified } of await listObjects(client, s3.bucket)) {
      if (named.has(key) || doomed.includes(key)) continue;
      if (now.getTime() - lastModified.getTime() >= LEFTOVER_AGE_MS) doomed.push(key);
    }
    for (const key of doomed) await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    return doomed;
  } finally {
    client.destroy();
  }
}

/**
 * Downloads the bucket's newest complete snapshot into `folder` (its files and manifest, as they
 * are in the bucket) and answers the manifest's path there, or null when the bucket has none newer
 * than `newerThan` (the newest local snapshot's time, which then needs no download). The
 * restore then checks the files against the manifest exactly as it does a local snapshot.
 */
export async function downloadNewestSnapshot(
  s3: S3Config,
  folder: string,
  newerThan = '',
): Promise<string | null> {
  const client = s3ClientOf(s3);
  try {
    const newest = (await listStoredSnapshots(client, s3.bucket))[0];
    if (!newest || newest.manifest.created_at <= newerThan) return null;
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const { manifest, manifestKey } = newest;
    for (const key of [
      manifest.database.file,
      ...(manifest.secrets ? [manifest.secrets.file] : []),
      manifestKey,
    ]) {
      await pipeline(await readObject(client, s3.bucket, key), fs.createWriteStream(path.join(folder, key)));
    }
    return path.join(folder, manifestKey);
  } finally {
    client.destroy();
  }
}
