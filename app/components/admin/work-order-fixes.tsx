/**
 * Fixing mistakes on a work order (issue 17 §6), for the work order page: edit the description, take back (some of) a
 * part used (stock restored), delete or replace a document or photo, and the "Save it anyway" answer to a past date.
 * Every form posts natively (works without JavaScript); deleting asks first inside a `<details>` (no script dialog).
 */
import { Form, useNavigation } from 'react-router';
import type { FormResult } from './work-order-forms';
import { buttonClass, secondaryButtonClass, TimedMessage } from './ui';

const linkButton = 'font-semibold text-brand-700 underline';

function useBusy(intent: string, key?: string) {
  const navigation = useNavigation();
  if (navigation.state !== 'submitting' || navigation.formData?.get('intent') !== intent) return false;
  return key === undefined || navigation.formData.get('partId') === key || navigation.formData.get('documentId') === key;
}

/** The description with an "Edit description" form folded under it. */
export function DescriptionEditor({ description, result }: { description: string | null; result: FormResult | undefined }) {
  const mine = result?.intent === 'edit-description' ? result : undefined;
  const busy = useBusy('edit-description');
  return (
    <details className="mt-1" open={Boolean(mine && !mine.ok)}>
      <summary className={`${linkButton} cursor-pointer text-sm`}>Edit description</summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="edit-description" />
        <label htmlFor="wo-description" className="block text-sm font-semibold text-slate-800">
          Description
        </label>
        <textarea
          id="wo-description"
          name="description"
          rows={3}
          maxLength={2000}
          defaultValue={description ?? ''}
          key={description ?? ''}
          aria-invalid={mine?.fieldErrors.description ? true : undefined}
          aria-describedby={mine?.fieldErrors.description ? 'wo-description-error' : undefined}
          className="block w-full max-w-xl rounded border border-slate-400 px-3 py-2"
        />
        {mine?.fieldErrors.description ? (
          <p id="wo-description-error" className="text-sm text-red-700">
            {mine.fieldErrors.description}
          </p>
        ) : null}
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Saving…' : 'Save description'}
        </button>
      </Form>
      <TimedMessage text={mine?.message} token={mine} />
    </details>
  );
}

/** A part row's "Remove" control: how many to take back (1 … used), stock goes back into inventory. */
export function RemovePartForm({ part }: { part: { id: string; description: string; quantityUsed: number } }) {
  const busy = useBusy('remove-part', part.id);
  const inputId = `remove-${part.id}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="remove-part" />
      <input type="hidden" name="partId" value={part.id} />
      <div>
        <label htmlFor={inputId} className="block text-xs font-semibold text-slate-700">
          Quantity to remove
        </label>
        <input
          id={inputId}
          name="quantity"
          type="number"
          min={1}
          max={part.quantityUsed}
          step={1}
          required
          defaultValue={part.quantityUsed}
          key={part.quantityUsed}
          className="mt-1 w-20 rounded border border-slate-400 px-2 py-1"
        />
      </div>
      <button type="submit" className={secondaryButtonClass} disabled={busy} aria-label={`Remove ${part.description} from the work order`}>
        {busy ? 'Removing…' : 'Remove'}
      </button>
    </Form>
  );
}

/** Delete (asks first) or replace a document or photo of the work order. */
export function FileFixes({ file, accept }: { file: { id: string; fileName: string }; accept: string }) {
  const deleting = useBusy('delete-file', file.id);
  const replacing = useBusy('replace-file', file.id);
  const inputId = `replace-${file.id}`;
  return (
    <div className="mt-1 flex flex-wrap gap-4 text-sm">
      <details>
        <summary className={`${linkButton} cursor-pointer`}>Delete</summary>
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value="delete-file" />
          <input type="hidden" name="documentId" value={file.id} />
          <p>Delete {file.fileName}? The file is removed for good.</p>
          <button type="submit" className={secondaryButtonClass} disabled={deleting}>
            {deleting ? 'Deleting…' : `Delete ${file.fileName}`}
          </button>
        </Form>
      </details>
      <details>
        <summary className={`${linkButton} cursor-pointer`}>Replace</summary>
        <Form method="post" encType="multipart/form-data" className="mt-1 space-y-1">
          <input type="hidden" name="intent" value="replace-file" />
          <input type="hidden" name="documentId" value={file.id} />
          <label htmlFor={inputId} className="block font-semibold text-slate-800">
            New file for {file.fileName}
          </label>
          <input id={inputId} name="file" type="file" accept={accept} required className="block" />
          <button type="submit" className={secondaryButtonClass} disabled={replacing}>
            {replacing ? 'Replacing…' : 'Replace file'}
          </button>
        </Form>
      </details>
    </div>
  );
}

/** After "is in the past" — the same date again with confirmPast=1. */
export function ConfirmPastDate({ date }: { date: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="set-eta" />
      <input type="hidden" name="estimatedCompletionDate" value={date} />
      <input type="hidden" name="confirmPast" value="1" />
      <button type="submit" className={secondaryButtonClass}>
        Save it anyway
      </button>
    </Form>
  );
}
