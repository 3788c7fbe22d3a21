import type { FastifyInstance } from 'fastify';
import { prepareImage, storeImage } from '../../src/server/platform/images/image-store';
import { pngBytes } from './images';

/** A member photo stored the way an upload is (a small PNG of one colour), at the end of the member's list. */
export async function insertPhoto(
  app: FastifyInstance,
  clientId: number,
  options: { status_id?: 1 | 2 | 3; background?: string; width?: number } = {},
): Promise<{ id: number; imageId: number }> {
  const prepared = await prepareImage(await pngBytes(options.width ?? 600, 800, options.background), {
    blurred: true,
  });
  return app.db.transaction().execute(async (trx) => {
    const { count } = await trx
      .selectFrom('photos')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    const image = await storeImage(trx, 'photo', prepared);
    const now = new Date().toISOString();
    const { id } = await trx
      .insertInto('photos')
      .values({
        client_id: clientId,
        image_id: image.id,
        position: Number(count) + 1,
        status_id: options.status_id ?? 2,
        reason: options.status_id === 3 ? 'No se ve tu cara' : null,
        created_at: now,
        updated_at: now,
        reviewed_at: null,
        reviewed_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, imageId: image.id };
  });
}
