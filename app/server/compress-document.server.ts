/**
 * Compression of a rendered HTML document, whole, in one call (issue 6 load target, docs/decisions/0002).
 *
 * Documents are rendered into one buffer (app/entry.server.tsx), so there is nothing to stream. A compression stream
 * (the `compression` middleware) costs the web thread ≈ 0.13 ms per 40 KB page — stream plumbing, a round trip through
 * the thread pool and a Brotli encoder with a 4 MB window set up per response — where one synchronous call on the
 * whole buffer, told its size, costs ≈ 0.03 ms for the same bytes.
 *
 * - `negotiateDocumentEncoding(acceptEncoding)` → 'br' | 'gzip' | null for an Accept-Encoding header, negotiated as the
 *   compression middleware does (with the same library: the client's q-values first, then Brotli before gzip; null
 *   when the client takes neither or sends no header).
 * - `compressDocument(body, encoding)` → the compressed Buffer: Brotli at {@link BROTLI_QUALITY} (the middleware's setting) or gzip at
 *   zlib's default level. Bodies under 1 KB (the middleware's threshold) are returned as they are, with encoding null.
 */
import zlib from 'node:zlib';
import Negotiator from 'negotiator';

export type DocumentEncoding = 'br' | 'gzip' | null;

/**
 * Brotli quality for pages, here and in the compression middleware (server/app.ts): a quarter of the library's
 * default (4) in CPU for 5–10 % more bytes.
 */
export const BROTLI_QUALITY = 2;

/** The compression middleware's threshold: smaller bodies gain nothing from compression. */
const MIN_BYTES = 1024;

export function negotiateDocumentEncoding(acceptEncoding: string | undefined): DocumentEncoding {
  // negotiator 0.6 takes the server's preference as a second argument (the compression middleware's call); its types omit it.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as Negotiator & {
    encoding(available: string[], preferred: string[]): string | undefined;
  };
  const chosen = negotiator.encoding(['br', 'gzip', 'identity'], ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

export function compressDocument(body: Buffer, encoding: DocumentEncoding): { body: Buffer; encoding: DocumentEncoding } {
  if (!encoding || body.byteLength < MIN_BYTES) return { body, encoding: null };
  if (encoding === 'gzip') return { body: zlib.gzipSync(body), encoding };
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength };
  return { body: zlib.brotliCompressSync(body, { params }), encoding };
}
