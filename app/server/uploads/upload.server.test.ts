import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseUploadForm, safeFileName, UploadError } from './upload.server';

function multipart(files: { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', new File([f.bytes], f.name, { type: f.type ?? 'application/octet-stream' }));
  return new Request('http://localhost/upload', { method: 'POST', body: form });
}

describe('parseUploadForm', () => {
  it('returns text fields and files with the type sniffed from the bytes', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } }).png().toBuffer();
    const parsed = await parseUploadForm(multipart([{ name: 'dent photo.png', bytes: png }], { workOrderId: 'abc' }), {
      maxFileSize: 1024 * 1024,
    });
    expect(parsed.fields.get('workOrderId')).toBe('abc');
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({ fileName: 'dent-photo.png', sniffedType: { mime: 'image/png', ext: 'png' } });
  });

  it('does not believe a renamed file', async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]);
    const parsed = await parseUploadForm(multipart([{ name: 'photo.jpg', bytes: exe, type: 'image/jpeg' }]), {
      maxFileSize: 1024,
    });
    expect(parsed.files[0]?.sniffedType?.mime).not.toBe('image/jpeg');
  });

  it('cuts off a file over the limit with 413 and a clear message', async () => {
    const big = new Uint8Array(2 * 1024 * 1024);
    await expect(parseUploadForm(multipart([{ name: 'big.jpg', bytes: big }]), { maxFileSize: 1024 * 1024 })).rejects.toMatchObject({
      name: 'UploadError',
      status: 413,
      message: 'Each file must be 1 MB or smaller.',
    });
  });

  it('refuses more files than allowed', async () => {
    const one = new Uint8Array([1, 2, 3]);
    const request = multipart([
      { name: 'a.bin', bytes: one },
      { name: 'b.bin', bytes: one },
    ]);
    await expect(parseUploadForm(request, { maxFileSize: 1024, maxFiles: 1 })).rejects.toBeInstanceOf(UploadError);
  });

  it('makes safe display names', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\Quote #12 (final).pdf')).toBe('Quote-12-final-.pdf');
    expect(safeFileName('', 'jpg')).toBe('file.jpg');
  });
});
