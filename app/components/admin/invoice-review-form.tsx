import { useEffect, useState } from 'react';
import { Form, useFetcher } from 'react-router';
import { FormMessage, TextField } from '~/components/ui/field';
import {
  blankRow,
  INVOICE_FILE_MESSAGES,
  MAX_INVOICE_FILE_BYTES,
  totalMismatchWarning,
  withBlankRows,
  type InvoiceFormState,
  type InvoiceRow,
} from '~/lib/schemas/invoice';

const isFileProblem = (text: string | null) => text === INVOICE_FILE_MESSAGES.tooLarge || text === INVOICE_FILE_MESSAGES.empty;

const inputClass =
  'block w-full rounded border border-slate-400 px-2 py-1.5 text-base focus:border-navy-700 aria-invalid:border-red-700';
const buttonClass = 'rounded px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy-700';

/**
 * The invoice upload + review form (admin-back-office §2, §4, §5). One form, several submit buttons told apart by
 * `intent` so it works without JavaScript: Read Invoice (extract), Add Row / Remove (re-render), Save Invoice.
 * With JavaScript, reading goes through a fetcher with progress (stage and elapsed seconds) and a Cancel button that
 * aborts the request (`fetcher.reset()` aborts the fetcher's AbortController; the server sees `request.signal`), and
 * rows are added and removed in place. `state` is the last answer of the action (values to refill, messages); the
 * page gives the form a new `key` for every answer, so it starts from it.
 */
export const INVOICE_FETCHER_KEY = 'invoice-extract';

export function InvoiceReviewForm({ state, extractorLabel }: { state: InvoiceFormState | null; extractorLabel: string }) {
  // The page reads this fetcher's answers too (same key) and re-mounts the form with them.
  const fetcher = useFetcher<InvoiceFormState>({ key: INVOICE_FETCHER_KEY });
  const [values, setValues] = useState(state?.values ?? { invoiceNumber: '', supplier: '', invoiceDate: '', totalAmount: '' });
  const [rows, setRows] = useState<InvoiceRow[]>(state?.rows ?? withBlankRows([]));
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const [localMessage, setLocalMessage] = useState<string | null>(null);
  const reading = startedAt !== null && fetcher.state !== 'idle';

  useEffect(() => {
    if (!reading) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [reading]);

  const fieldErrors = state?.fieldErrors ?? {};
  const warning = totalMismatchWarning(rows, values.totalAmount);
  const elapsed = startedAt !== null ? Math.max(0, Math.floor(((now || startedAt) - startedAt) / 1000)) : 0;
  const stage = elapsed < 1 ? 'Uploading the file' : `Reading the invoice (${extractorLabel})`;
  const message = localMessage ?? state?.formError ?? state?.message ?? null;

  const setValue = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const setCell = (index: number, name: keyof InvoiceRow) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, [name]: e.target.value } : r)));

  /** The browser's early check of the chosen file (the server checks again): too big or empty → message, no upload. */
  function fileProblem(form: HTMLFormElement): string | null {
    const chosen = form.querySelector<HTMLInputElement>('input[type="file"]')?.files?.[0];
    if (!chosen) return null;
    if (chosen.size > MAX_INVOICE_FILE_BYTES) return INVOICE_FILE_MESSAGES.tooLarge;
    if (chosen.size === 0) return INVOICE_FILE_MESSAGES.empty;
    return null;
  }

  function read(e: React.MouseEvent<HTMLButtonElement>) {
    const form = e.currentTarget.form;
    if (!form) return;
    e.preventDefault();
    const problem = fileProblem(form);
    if (problem) {
      setLocalMessage(problem);
      return;
    }
    const data = new FormData(form);
    data.set('intent', 'extract');
    setLocalMessage(null);
    const now0 = Date.now();
    setStartedAt(now0);
    setNow(now0);
    void fetcher.submit(data, { method: 'post', encType: 'multipart/form-data' });
  }

  function cancel() {
    fetcher.reset();
    setStartedAt(null);
    setLocalMessage('Reading the invoice was cancelled. You can read it again or enter the details by hand.');
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-6"
      aria-label="Upload invoice"
      onSubmit={(e) => {
        const problem = fileProblem(e.currentTarget);
        if (problem) {
          e.preventDefault();
          setLocalMessage(problem);
        }
      }}
    >
      <div aria-live="polite">
        <FormMessage text={message} tone={(state?.formError && !localMessage) || isFileProblem(localMessage) ? 'error' : undefined} />
      </div>
      <fieldset className="space-y-3 rounded border border-slate-300 bg-white p-4">
        <legend className="px-1 font-semibold text-navy-900">Invoice file</legend>
        {state?.pendingToken ? (
          <>
            <input type="hidden" name="pendingToken" value={state.pendingToken} />
            <input type="hidden" name="pendingFileName" value={state.fileName ?? ''} />
            <p className="text-sm text-slate-700">
              Uploaded file: <strong>{state.fileName ?? 'invoice'}</strong> (kept for saving; choose another file to replace it)
            </p>
          </>
        ) : null}
        <TextField
          label="Invoice image or PDF (required, up to 15 MB)"
          name="file"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/tiff,image/avif,application/pdf"
          required={!state?.pendingToken}
          error={fieldErrors.file}
          hint={`Read Invoice fills the form below (${extractorLabel}); you can always enter everything by hand.`}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            name="intent"
            value="extract"
            formNoValidate
            onClick={read}
            disabled={reading}
            className={`${buttonClass} bg-navy-800 text-white hover:bg-navy-900 disabled:opacity-60`}
          >
            {reading ? 'Reading Invoice...' : 'Read Invoice'}
          </button>
          {reading ? (
            <>
              <p role="status" className="text-sm font-medium text-slate-800">
                {stage}… {elapsed} s
              </p>
              <button type="button" onClick={cancel} className={`${buttonClass} border border-slate-400 bg-white text-slate-900`}>
                Cancel
              </button>
            </>
          ) : null}
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded border border-slate-300 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold text-navy-900">Invoice details</legend>
        <TextField label="Invoice # (required)" name="invoiceNumber" required value={values.invoiceNumber} onChange={setValue('invoiceNumber')} error={fieldErrors.invoiceNumber} autoComplete="off" />
        <TextField label="Supplier (required)" name="supplier" required value={values.supplier} onChange={setValue('supplier')} error={fieldErrors.supplier} autoComplete="off" />
        <TextField label="Invoice Date (required)" name="invoiceDate" type="date" required value={values.invoiceDate} onChange={setValue('invoiceDate')} error={fieldErrors.invoiceDate} />
        <TextField label="Total" name="totalAmount" type="number" step="0.01" min="0" inputMode="decimal" value={values.totalAmount} onChange={setValue('totalAmount')} error={fieldErrors.totalAmount} />
      </fieldset>

      <fieldset className="rounded border border-slate-300 bg-white p-4">
        <legend className="px-1 font-semibold text-navy-900">Line items</legend>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-2">Part #</th>
                <th scope="col" className="py-2 pr-2">Description</th>
                <th scope="col" className="w-24 py-2 pr-2">Qty</th>
                <th scope="col" className="w-32 py-2 pr-2">Unit Price</th>
                <th scope="col" className="w-24 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const error = fieldErrors[`items.${i}`];
                return (
                  // Rows have no identity of their own: their index is their identity in the form post.
                  <tr key={i} className="align-top">
                    <td className="py-1 pr-2">
                      <input name="part_number" aria-label={`Part # (row ${i + 1})`} value={row.part_number} onChange={setCell(i, 'part_number')} className={inputClass} aria-invalid={error ? true : undefined} />
                      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
                    </td>
                    <td className="py-1 pr-2">
                      <input name="description" aria-label={`Description (row ${i + 1})`} value={row.description} onChange={setCell(i, 'description')} className={inputClass} />
                    </td>
                    <td className="py-1 pr-2">
                      <input name="quantity" type="number" min="1" step="1" inputMode="numeric" aria-label={`Qty (row ${i + 1})`} value={row.quantity} onChange={setCell(i, 'quantity')} className={inputClass} />
                    </td>
                    <td className="py-1 pr-2">
                      <input name="unit_price" type="number" min="0" step="0.01" inputMode="decimal" aria-label={`Unit Price (row ${i + 1})`} value={row.unit_price} onChange={setCell(i, 'unit_price')} className={inputClass} />
                    </td>
                    <td className="py-1">
                      <button
                        type="submit"
                        name="intent"
                        value={`remove-row:${i}`}
                        formNoValidate
                        aria-label={`Remove row ${i + 1}`}
                        onClick={(e) => {
                          e.preventDefault();
                          setRows((all) => (all.length > 1 ? all.filter((_, j) => j !== i) : [blankRow()]));
                        }}
                        className={`${buttonClass} border border-slate-400 bg-white px-3 py-1.5 text-slate-900`}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <button
          type="submit"
          name="intent"
          value="add-row"
          formNoValidate
          onClick={(e) => {
            e.preventDefault();
            setRows((all) => [...all, blankRow()]);
          }}
          className={`${buttonClass} mt-3 border border-slate-400 bg-white text-slate-900`}
        >
          Add Row
        </button>
        {warning ? (
          <p role="status" className="mt-3 rounded border border-amber-400 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            Warning: {warning}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value="save" className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}>
          Save Invoice
        </button>
      </div>
    </Form>
  );
}
