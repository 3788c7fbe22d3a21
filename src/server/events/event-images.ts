import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { categoryPicture, isCategoryId } from '../../shared/domain/categories';
import type { DB } from '../platform/db/database';
import type { EventRow } from '../platform/db/schema';
import {
  type ImageSources,
  imageSources,
  type PreparedImage,
  prepareImage,
  storeImage,
} from '../platform/images/image-store';

/** What event reads show as the picture: the upload's variants, or the first category's picture. */
export interface EventPicture {
  image: string;
  image_srcset: string;
}

export function eventPicture(
  event: Pick<EventRow, 'image_id'>,
  categories: string[],
  sources: Map<number, ImageSources>,
): EventPicture {
  const upload = event.image_id === null ? undefined : sources.get(event.image_id);
  if (upload) return { image: upload.url, image_srcset: upload.srcset };
  const { src, srcSet } = categoryPicture(categories.find(isCategoryId) ?? 'party');
  return { image: src, image_srcset: srcSet };
}

/** The variants of every uploaded picture among these events, in one query. */
export function eventImageSources(
  db: DB,
  events: Pick<EventRow, 'image_id'>[],
): Promise<Map<number, ImageSources>> {
  return imageSources(
    db,
    events.flatMap((event) => (event.image_id === null ? [] : [event.image_id])),
  );
}

class AlreadyImported extends Error {}

/**
 * Earlier versions kept each event's upload as DATA_DIR/images/events/{id}.png on the instance
 * that received it. At start, after the migrations, every such file becomes the event's image
 * in the database (unless the event already has one) and moves to images/events/imported, so
 * each instance hands over what only it had. Idempotent and safe with several instances.
 */
export async function importLegacyEventImages(
  db: DB,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const folder = path.join(dataDir, 'images', 'events');
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    const match = /^(\d{1,9})\.png$/.exec(name);
    if (!match) continue;
    const file = path.join(folder, name);
    let prepared: PreparedImage;
    try {
      prepared = await prepareImage(await fs.readFile(file));
    } catch (error) {
      log.warn({ err: error, file }, 'legacy event image could not be imported');
      continue;
    }
    const eventId = Number(match[1]);
    const imported = await db
      .transaction()
      .execute(async (trx) => {
        const event = await trx
          .selectFrom('events')
          .select('image_id')
          .where('id', '=', eventId)
          .executeTakeFirst();
        if (!event || event.image_id !== null) return false;
        const { id } = await storeImage(trx, 'event', prepared);
        const updated = await trx
          .updateTable('events')
          .set({ image_id: id })
          .where('id', '=', eventId)
          .where('image_id', 'is', null)
          .executeTakeFirst();
        // Another instance got there first: roll this copy back.
        if (Number(updated.numUpdatedRows) === 0) throw new AlreadyImported();
        return true;
      })
      .catch((error) => {
        if (error instanceof AlreadyImported) return false;
        throw error;
      });
    await fs.mkdir(path.join(folder, 'imported'), { recursive: true });
    await fs.rename(file, path.join(folder, 'imported', name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    log.info({ eventId, imported }, 'legacy event image handled');
  }
}
