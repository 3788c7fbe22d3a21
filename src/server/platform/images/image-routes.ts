import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { eventImagePath } from './event-images';

/**
 * Uploaded event images. The URLs carry `?v=image_version`, and a new upload bumps the version,
 * so a long, immutable cache is safe.
 */
export async function registerImageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(
    '/images/events/:file',
    async (request, reply) => {
      const match = /^(\d{1,10})\.png$/.exec(request.params.file);
      const file = match ? eventImagePath(app.config.dataDir, Number(match[1])) : undefined;
      if (!file || !fs.existsSync(file)) {
        return reply.code(404).send({ status: 'warning', message: 'La imagen no existe' });
      }
      const versioned = request.query.v !== undefined;
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .header('X-Content-Type-Options', 'nosniff')
        .send(fs.createReadStream(file));
    },
  );
}
