import Fastify from 'fastify';

/**
 * The ceiling for `npm run bench:api`: bare Fastify answering POST with a prebuilt JSON body
 * (BODY_FILE) of the same size as the product's answer. Prints its port once listening.
 */
const body = (await import('node:fs')).readFileSync(process.env.BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
app.post('/*', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
