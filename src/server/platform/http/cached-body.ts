import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this size compressing costs more than it saves (the same threshold as @fastify/compress). */
const MIN_COMPRESSED_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * An answer every visitor shares (a public list, a rendered page), serialised once and, the first
 * time a client asks for it, compressed once per encoding: the hot path neither serialises nor
 * compresses the same body again while it is cached.
 */
export class CachedBody {
  private readonly raw: Buffer;
  private readonly compressed = new Map<Encoding, Buffer>();

  constructor(
    text: string,
    readonly contentType: string,
  ) {
    this.raw = Buffer.from(text);
  }

  /** The bytes in the encoding the request accepts, or as they are. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type(this.contentType);
    if (this.raw.length < MIN_COMPRESSED_BYTES) return reply.send(this.raw);
    reply.header('Vary', 'Accept-Encoding');
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as
      | Encoding
      | undefined;
    if (!encoding) return reply.send(this.raw);
    return reply.header('Content-Encoding', encoding).send(this.encoded(encoding));
  }

  private encoded(encoding: Encoding): Buffer {
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      // Once per cached answer, so brotli can afford a better setting than per-request compression.
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
              },
            })
          : zlib.gzipSync(this.raw, { level: 9 });
      this.compressed.set(encoding, bytes);
    }
    return bytes;
  }
}
