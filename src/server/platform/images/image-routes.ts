import type { FastifyInstance, FastifyReply } from 'fastify';
import { extensionOf } from './image-store';

/** Kinds anyone may fetch. A member photo's kind will need a session for its clear variants. */
const PUBLIC_KINDS = new Set(['event']);

function missing(reply: FastifyReply) {
  return reply.code(404).send({ status: 'warning', message: 'La imagen no existe' });
}

/**
 * Image variants from the database: /images/{id}/{version}/{variant}.{ext}. The version is a
 * hash of the upload and a new upload is a new image, so a URL always names the same bytes and
 * may be cached for a year. Every instance answers for every image.
 */
export async function registerImageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string; version: string; file: string } }>(
    '/images/:id/:version/:file',
    async (request, reply) => {
      const { id, version, file } = request.params;
      const name = /^([a-z0-9-]{1,24})\.([a-z]{3,4})$/.exec(file);
      if (!/^\d{1,9}$/.test(id) || !/^[0-9a-f]{16}$/.test(version) || !name) return missing(reply);
      const row = await app.db
        .selectFrom('image_variants')
        .innerJoin('images', 'images.id', 'image_variants.image_id')
        .select(['images.kind', 'image_variants.content_type', 'image_variants.bytes'])
        .where('images.id', '=', Number(id))
        .where('images.version', '=', version)
        .where('image_variants.variant', '=', name[1]!)
        .executeTakeFirst();
      if (!row || extensionOf(row.content_type) !== name[2] || !PUBLIC_KINDS.has(row.kind))
        return missing(reply);
      return reply
        .header('Content-Type', row.content_type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(row.bytes);
    },
  );
  // Anything else under /images is not the web app's business: the same 404 as an unknown image.
  app.get('/images/*', async (_request, reply) => missing(reply));
}
