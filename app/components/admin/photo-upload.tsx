/**
 * Repair photo upload: several images at once (`accept="image/*"` and no `capture` attribute, so a phone offers both
 * the camera and the gallery; issue 17 §7), JPEG/PNG/WebP up to 15 MB each. Without JavaScript the form posts
 * natively (all files in one request). With JavaScript each file is sent on its own request so its progress can be shown (a <progress> per file) and one bad file does not stop the others.
 */
import { useState } from 'react';
import { Form, useRevalidator } from 'react-router';
import { buttonClass, TimedMessage } from './ui';
import { useUploadAction, type FormResult } from './work-order-forms';

interface FileProgress {
  name: string;
  percent: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string;
}

const MAX = 15 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function PhotoUploadForm({ workOrderId, result, action }: { workOrderId: string; result: FormResult | undefined; action?: string }) {
  const [progress, setProgress] = useState<FileProgress[]>([]);
  const [summary, setSummary] = useState<{ text: string; token: number } | null>(null);
  const revalidator = useRevalidator();
  const mine = result?.intent === 'upload-photos' ? result : undefined;
  const target = useUploadAction('upload-photos', action);

  async function upload(form: HTMLFormElement, files: File[]) {
    setProgress(files.map((f) => ({ name: f.name, percent: 0, state: 'uploading' })));
    const update = (i: number, patch: Partial<FileProgress>) =>
      setProgress((list) => list.map((p, j) => (j === i ? { ...p, ...patch } : p)));
    let ok = 0;
    for (const [i, file] of files.entries()) {
      if (!TYPES.includes(file.type) && file.type !== '') {
        update(i, { state: 'failed', message: 'Upload failed: not a JPEG, PNG or WebP image.' });
        continue;
      }
      if (file.size > MAX) {
        update(i, { state: 'failed', message: 'Upload failed: each file must be 15 MB or smaller.' });
        continue;
      }
      const body = new FormData();
      body.set('intent', 'upload-photos');
      body.set('workOrderId', workOrderId);
      body.append('photos', file, file.name);
      const status = await new Promise<number>((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', target);
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) update(i, { percent: Math.round((e.loaded / e.total) * 100) });
        };
        xhr.onload = () => resolve(xhr.status);
        xhr.onerror = () => resolve(0);
        xhr.send(body);
      });
      if (status >= 200 && status < 300) {
        ok += 1;
        update(i, { percent: 100, state: 'done' });
      } else {
        update(i, { state: 'failed', message: status === 413 ? 'Upload failed: each file must be 15 MB or smaller.' : 'Upload failed: the file was refused.' });
      }
    }
    form.reset();
    setSummary({ text: ok === files.length ? `${ok} photo${ok === 1 ? '' : 's'} uploaded.` : `Upload failed for ${files.length - ok} of ${files.length} photos.`, token: Date.now() });
    await revalidator.revalidate();
  }

  return (
    <Form
      method="post"
      action={target}
      encType="multipart/form-data"
      className="space-y-3"
      onSubmit={(e) => {
        const form = e.currentTarget;
        const input = form.elements.namedItem('photos') as HTMLInputElement | null;
        const files = input?.files ? [...input.files] : [];
        if (files.length === 0) return;
        e.preventDefault();
        void upload(form, files);
      }}
    >
      <input type="hidden" name="intent" value="upload-photos" />
      <input type="hidden" name="workOrderId" value={workOrderId} />
      <div>
        <label htmlFor={`photos-${workOrderId}`} className="block text-sm font-semibold text-slate-800">
          Repair photos (JPEG, PNG or WebP, up to 15 MB each)
        </label>
        <input
          id={`photos-${workOrderId}`}
          name="photos"
          type="file"
          accept="image/*"
          multiple
          required
          className="mt-1 block w-full text-sm"
        />
      </div>
      <button type="submit" className={buttonClass}>
        Upload Photos
      </button>
      {progress.length ? (
        <ul className="space-y-1" aria-label="Upload progress">
          {progress.map((p, i) => (
            <li key={`${p.name}-${i}`} className="text-sm">
              <label className="flex items-center gap-2">
                <span className="w-48 truncate">{p.name}</span>
                <progress max={100} value={p.percent} aria-label={`Progress of ${p.name}`} />
                <span>{p.state === 'done' ? 'Uploaded' : p.state === 'failed' ? p.message : `${p.percent}%`}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <TimedMessage text={summary?.text ?? mine?.message} token={summary?.token ?? mine} />
    </Form>
  );
}
