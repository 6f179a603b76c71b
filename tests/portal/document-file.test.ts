/**
 * `/files/documents/:documentId`: owner or staff only, private cache headers, thumbnails made once with sharp and
 * cached under `thumbs/`, and the placeholder (logged once) for a stored object that is gone or cannot be decoded.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as documentFile from '~/routes/resources/document-file';
import * as logger from '~/server/logger.server';
import { PLACEHOLDER_SVG } from '~/server/portal/placeholder.server';
import { makeThumbnail, resetFileProblemReports, thumbnailKey } from '~/server/portal/serve-document.server';
import { createLocalStorage, getStorage, setStorage } from '~/server/storage/storage.server';
import { createAccount, createVehicle, createWorkOrder, makeRequest, settle, testContext, type TestAccount } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { addDocument, makeJpeg } from './helpers';

const t = withTestDatabase();
let owner: TestAccount;
let wo: { id: string; customerId: string };

beforeAll(async () => {
  setStorage(createLocalStorage(path.join(t.dataDir, 'files')));
  owner = await createAccount();
  wo = await createWorkOrder(await createVehicle(owner.customerId!));
});

async function get(id: string, query = '', cookie = owner.cookie) {
  const { value, thrown } = await settle(() =>
    documentFile.loader({ request: makeRequest(`/files/documents/${id}${query}`, { cookie }), params: { documentId: id }, context: testContext } as never),
  );
  return (value ?? thrown) as Response;
}

describe('document file route', () => {
  it('streams the photo with its type and private cache headers', async () => {
    const bytes = await makeJpeg(800, 600);
    const photo = await addDocument(wo, 'repair_photo', { bytes });
    const response = await get(photo.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/jpeg');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Content-Disposition')).toMatch(/^inline; filename="photo-/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('makes a WebP thumbnail on first request, stores it under thumbs/, and serves the stored one next time', async () => {
    const photo = await addDocument(wo, 'repair_photo', { bytes: await makeJpeg(1600, 1200) });
    const first = await get(photo.id, '?variant=thumb');
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('image/webp');
    expect(first.headers.get('Cache-Control')).toMatch(/^private/);
    const meta = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 360]);
    expect(await getStorage().exists('repair-photos', thumbnailKey(photo.fileKey))).toBe(true);
    expect(thumbnailKey(photo.fileKey)).toMatch(/^thumbs\/work_orders\//);

    // Remove the original: the cached thumbnail is still served from storage.
    await getStorage().delete('repair-photos', photo.fileKey);
    const second = await get(photo.id, '?variant=thumb');
    expect(second.headers.get('Content-Type')).toBe('image/webp');
  });

  it('can make the thumbnail at upload time, and reports why when it cannot', async () => {
    const photo = await addDocument(wo, 'repair_photo', { bytes: await makeJpeg(640, 480) });
    const made = await makeThumbnail('repair-photos', photo.fileKey);
    expect(made.ok).toBe(true);
    expect(await getStorage().exists('repair-photos', thumbnailKey(photo.fileKey))).toBe(true);
    expect(await makeThumbnail('repair-photos', 'work_orders/none/gone.jpg')).toEqual({ ok: false, problem: 'missing' });
  });

  it('serves the placeholder for a missing object and logs the error once', async () => {
    resetFileProblemReports();
    const error = vi.fn();
    const spy = vi.spyOn(logger, 'log').mockReturnValue({ error, warn: vi.fn(), info: vi.fn(), debug: vi.fn() } as never);
    try {
      const photo = await addDocument(wo, 'repair_photo', { store: false });
      for (const query of ['', '?variant=thumb', '', '?variant=thumb']) {
        const response = await get(photo.id, query);
        expect(response.status).toBe(200);
        expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
        expect(await response.text()).toBe(PLACEHOLDER_SVG);
      }
      expect(error).toHaveBeenCalledTimes(1);
      expect(JSON.stringify(error.mock.calls[0])).toContain(photo.fileKey);
    } finally {
      spy.mockRestore();
    }
  });

  it('serves the placeholder for a photo that cannot be decoded', async () => {
    const photo = await addDocument(wo, 'repair_photo', { bytes: new TextEncoder().encode('not really a jpeg') });
    const response = await get(photo.id, '?variant=thumb');
    expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
  });

  it('keeps public/images/photo-unavailable.svg equal to the served placeholder', () => {
    const file = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/images/photo-unavailable.svg'), 'utf8');
    expect(file).toBe(PLACEHOLDER_SVG);
  });

  it('answers 404 for a non-UUID id, an unknown id, a thumbnail of a PDF and a missing PDF', async () => {
    expect((await get('abc')).status).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const quote = await addDocument(wo, 'quote');
    expect((await get(quote.id, '?variant=thumb')).status).toBe(404);
    const pdf = await get(quote.id);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Content-Disposition')).toMatch(/^inline/);
    const spy = vi.spyOn(logger, 'log').mockReturnValue({ error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() } as never);
    try {
      const gone = await addDocument(wo, 'paid_invoice', { store: false });
      expect((await get(gone.id)).status).toBe(404);
    } finally {
      spy.mockRestore();
    }
  });

  it('sends anonymous visitors to /login', async () => {
    const photo = await addDocument(wo, 'repair_photo');
    const response = await get(photo.id, '', '');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
  });
});
