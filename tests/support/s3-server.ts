import fs from 'node:fs';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { inject } from 'vitest';

/** A local S3-compatible server (s3rver, files in a temporary folder) and the env that points at it. */
export interface LocalS3 {
  bucket: string;
  env: Record<string, string>;
  /** The bucket's object names, sorted. */
  keys(): string[];
  close(): Promise<void>;
}

/** s3rver keeps each object's bytes in a file named after its key with this suffix. */
const OBJECT_SUFFIX = '._S3rver_object';

export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(inject('tempRoot'), 'cita-s3-'));
  const bucket = 'cita-respaldos';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    // s3rver signs a bucket listing's canonical request differently from the current AWS SDK and
    // refuses every ListObjects; objects' own requests match. Credentials stay those of the env.
    allowMismatchedSignatures: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    bucket,
    env: {
      BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      BACKUP_S3_BUCKET: bucket,
      BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
      BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    keys: () =>
      fs
        .readdirSync(path.join(directory, bucket))
        .filter((name) => name.endsWith(OBJECT_SUFFIX))
        .map((name) => name.slice(0, -OBJECT_SUFFIX.length))
        .sort(),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
