import type { FastifyInstance } from 'fastify';
import { EVENT_STATUS } from '../../shared/domain/statuses';
import { imageSources } from '../platform/images/image-store';

/**
 * The specification's address of an event's upload, /images/events/{id}.png (links shared
 * before images moved to the database), now points at the current picture.
 */
export async function registerEventImageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/images/events/:file', async (request, reply) => {
    const match = /^(\d{1,9})\.png$/.exec(request.params.file);
    const event = match
      ? await app.db
          .selectFrom('events')
          .select('image_id')
          .where('id', '=', Number(match[1]))
          .where('status_id', '<>', EVENT_STATUS.deleted)
          .executeTakeFirst()
      : undefined;
    const imageId = event?.image_id ?? null;
    const source = imageId === null ? undefined : (await imageSources(app.db, [imageId])).get(imageId);
    if (!source) return reply.code(404).send({ status: 'warning', message: 'La imagen no existe' });
    // A new upload moves it: a short cache only.
    return reply.header('Cache-Control', 'public, max-age=300').redirect(source.url, 302);
  });
}
