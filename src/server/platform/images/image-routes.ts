import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { extensionOf } from './image-store';

/**
 * What a request may do with one variant of an image: `public` answers with a shared cache,
 * `private` only to this browser, `missing` is 404 (as for an image that does not exist) and
 * `unauthorized` is 401 (a session would be needed).
 */
export type ImageAccess = 'public' | 'private' | 'missing' | 'unauthorized';

/** Decides the access to a variant of an image of one kind (a domain knows its rules). */
export type ImageAccessRule = (
  request: FastifyRequest,
  imageId: number,
  variant: string,
) => Promise<ImageAccess>;

export interface ImageRouteOptions {
  /** Kinds with rules; an image of any other kind is public. */
  access?: Record<string, ImageAccessRule>;
}

function missing(reply: FastifyReply) {
  return reply.code(404).send({ status: 'warning', message: 'La imagen no existe' });
}

/**
 * Image variants from the database: /images/{id}/{version}/{variant}.{ext}. The version is a
 * hash of the upload and a new upload is a new image, so a URL always names the same bytes and
 * may be cached for a year. Every instance answers for every image.
 */
export async function registerImageRoutes(app: FastifyInstance, options: ImageRouteOptions): Promise<void> {
  const rules = options.access ?? {};
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
      if (!row || extensionOf(row.content_type) !== name[2]) return missing(reply);
      const rule = rules[row.kind];
      const access = rule ? await rule(request, Number(id), name[1]!) : 'public';
      if (access === 'missing') return missing(reply);
      if (access === 'unauthorized') {
        return reply
          .code(401)
          .header('Cache-Control', 'no-store')
          .send({ status: 'warning', message: 'Inicia sesión para ver esta foto' });
      }
      return reply
        .header('Content-Type', row.content_type)
        .header('Cache-Control', `${access}, max-age=31536000, immutable`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(row.bytes);
    },
  );
  // Anything else under /images is not the web app's business: the same 404 as an unknown image.
  app.get('/images/*', async (_request, reply) => missing(reply));
}
