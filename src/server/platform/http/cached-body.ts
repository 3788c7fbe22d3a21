import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_TYPE } from './envelope';

/** Below this size compressing costs more than it saves (the same threshold as @fastify/compress). */
const MIN_COMPRESSED_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const OFFERED: string[] = [...ENCODINGS];

/**
 * Route options of a call that answers through this module, which compresses its own bytes: the
 * compress plugin's three hooks per request would only cost time on its hot path (decision 0054).
 */
export const SELF_COMPRESSED = { compress: false, decompress: false } as const;

/** Kept answers can afford brotli's better settings; an answer made for one request cannot. */
const EFFORT = {
  kept: { brotli: 9, gzip: 9 },
  once: { brotli: 4, gzip: 6 },
} as const;

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
    private readonly effort: keyof typeof EFFORT = 'kept',
  ) {
    this.raw = Buffer.from(text);
  }

  /** The bytes in the encoding the request accepts, or as they are. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type(this.contentType);
    const variant = this.variantFor(request.headers['accept-encoding']);
    if (variant.varies) reply.header('Vary', 'Accept-Encoding');
    if (variant.encoding) reply.header('Content-Encoding', variant.encoding);
    return reply.send(variant.bytes);
  }

  /**
   * What to send to a client that accepts these encodings: small bodies go as they are, larger
   * ones in the best encoding it accepts (and the answer then varies by Accept-Encoding).
   */
  variantFor(acceptEncoding: string | undefined): { bytes: Buffer; encoding?: Encoding; varies: boolean } {
    if (this.raw.length < MIN_COMPRESSED_BYTES) return { bytes: this.raw, varies: false };
    const encoding = negotiate(acceptEncoding ?? '', OFFERED) as Encoding | undefined;
    if (!encoding) return { bytes: this.raw, varies: true };
    return { bytes: this.encoded(encoding), encoding, varies: true };
  }

  private encoded(encoding: Encoding): Buffer {
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      const effort = EFFORT[this.effort];
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: effort.brotli,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
              },
            })
          : zlib.gzipSync(this.raw, { level: effort.gzip });
      this.compressed.set(encoding, bytes);
    }
    return bytes;
  }
}

/** A JSON answer made for this request alone, on a SELF_COMPRESSED route. */
export function sendJson(request: FastifyRequest, reply: FastifyReply, answer: object): FastifyReply {
  return new CachedBody(JSON.stringify(answer), JSON_TYPE, 'once').send(request, reply);
}
