import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressDocument, negotiateDocumentEncoding } from './compress-document.server';

const page = Buffer.from(`<!DOCTYPE html><html><body>${'<p>Work order WO-1042 is In Repair.</p>'.repeat(200)}</body></html>`);

describe('negotiateDocumentEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'], // a browser: Brotli preferred on equal terms
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'], // the client's weights come first
    ['deflate', null],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['', null],
    [undefined, null],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateDocumentEncoding(header)).toBe(expected);
  });
});

describe('compressDocument', () => {
  it('compresses with Brotli or gzip into bytes that decompress to the page', () => {
    const br = compressDocument(page, 'br');
    expect(br.encoding).toBe('br');
    expect(br.body.byteLength).toBeLessThan(page.byteLength / 4);
    expect(zlib.brotliDecompressSync(br.body).equals(page)).toBe(true);
    const gzip = compressDocument(page, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(page)).toBe(true);
  });

  it('leaves a body under 1 KB, or one for a client that takes no compression, as it is', () => {
    const small = Buffer.from('<p>Not found</p>');
    expect(compressDocument(small, 'br')).toEqual({ body: small, encoding: null });
    expect(compressDocument(page, null)).toEqual({ body: page, encoding: null });
  });
});
