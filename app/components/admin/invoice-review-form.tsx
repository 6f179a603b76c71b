import { useEffect, useState } from 'react';
import { Form, useFetcher } from 'react-router';
import { FormMessage, TextField } from '~/components/ui/field';
import { formatMoney } from '~/lib/format-invoice';
import {
  blankChargeRow,
  blankRow,
  chargeRowsCents,
  INVOICE_CHARGE_KINDS,
  INVOICE_CHARGE_LABELS,
  INVOICE_FILE_MESSAGES,
  lineItemsTotalCents,
  MAX_INVOICE_FILE_BYTES,
  totalMismatchWarning,
  withBlankRows,
  type InvoiceChargeRow,
  type InvoiceFormState,
  type InvoicePreview,
  type InvoiceRow,
} from '~/lib/schemas/invoice';

const isFileProblem = (text: string | null) =>
  text === INVOICE_FILE_MESSAGES.tooLarge || text === INVOICE_FILE_MESSAGES.empty;

const inputClass =
  'block w-full rounded border border-slate-400 px-2 py-1.5 text-base focus:border-navy-700 aria-invalid:border-red-700';
const buttonClass =
  'rounded px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy-700';

/** "$12.50", "-$5.00" for cents. */
const money = (cents: number) => (cents < 0 ? `-${formatMoney(-cents / 100)}` : formatMoney(cents / 100));
const percent = (confidence: number) => `${Math.round(confidence * 100)} %`;
/** The words of a low-confidence mark (a sign and text, never colour alone). */
const lowConfidenceText = (confidence: number) =>
  `Check against the invoice: read with low confidence (${percent(confidence)}).`;

/**
 * The invoice upload + review form (admin-back-office §2, §4, §5). One form, several submit buttons told apart by
 * `intent` so it works without JavaScript: Read Invoice (extract), Add Row / Remove (re-render), Save Invoice.
 * With JavaScript, reading goes through a fetcher with progress (stage and elapsed seconds) and a Cancel button that
 * aborts the request (`fetcher.reset()` aborts the fetcher's AbortController; the server sees `request.signal`), and
 * rows are added and removed in place. `state` is the last answer of the action (values to refill, messages); the
 * page gives the form a new `key` for every answer, so it starts from it.
 *
 * Never a silent success (issue 18): the uploaded file is shown beside the fields (image, or the PDF framed with a link
 * to open it); the review's warnings stand at the top instead of 'Data extracted successfully!'; fields read with low
 * confidence carry a ⚠ mark and words (until edited); the rows that are not parts (charges and tax, filled by the read)
 * are editable rows saved with the invoice, with the reconciliation of parts + charges against the total, recomputed
 * as rows are edited. Add Charge / Remove work like the line items' buttons, with or without JavaScript.
 */
export const INVOICE_FETCHER_KEY = 'invoice-extract';

export function InvoiceReviewForm({
  state,
  extractorLabel,
}: {
  state: InvoiceFormState | null;
  extractorLabel: string;
}) {
  // The page reads this fetcher's answers too (same key) and re-mounts the form with them.
  const fetcher = useFetcher<InvoiceFormState>({ key: INVOICE_FETCHER_KEY });
  const [values, setValues] = useState(
    state?.values ?? { invoiceNumber: '', supplier: '', invoiceDate: '', totalAmount: '' },
  );
  const [rows, setRows] = useState<InvoiceRow[]>(state?.rows ?? withBlankRows([]));
  const [charges, setCharges] = useState<InvoiceChargeRow[]>(state?.charges ?? []);
  const [lowFields, setLowFields] = useState(state?.lowConfidence ?? {});
  const extras = state?.extras ?? null;
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
  const warning = totalMismatchWarning(rows, values.totalAmount, chargeRowsCents(charges));
  const readWarnings = !localMessage ? (extras?.warnings ?? []) : [];
  const elapsed = startedAt !== null ? Math.max(0, Math.floor(((now || startedAt) - startedAt) / 1000)) : 0;
  const stage = elapsed < 1 ? 'Uploading the file' : `Reading the invoice (${extractorLabel})`;
  const message = localMessage ?? state?.formError ?? state?.message ?? null;

  // Editing a field is checking it: its low-confidence mark goes.
  const setValue = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setLowFields((marks) => ({ ...marks, [name]: undefined }));
  };
  const setCell =
    (index: number, name: Exclude<keyof InvoiceRow, 'low'>) => (e: React.ChangeEvent<HTMLInputElement>) =>
      setRows((all) =>
        all.map((r, i) =>
          i === index
            ? { ...r, [name]: e.target.value, low: r.low ? { ...r.low, [name]: undefined } : undefined }
            : r,
        ),
      );
  const fieldHint = (name: keyof typeof lowFields) => {
    const c = lowFields[name];
    return c === undefined ? undefined : `⚠ ${lowConfidenceText(c)}`;
  };

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
      <div aria-live="polite" className="space-y-3">
        <FormMessage
          text={message}
          tone={(state?.formError && !localMessage) || isFileProblem(localMessage) ? 'error' : undefined}
        />
        {readWarnings.length ? <ReadWarnings warnings={readWarnings} /> : null}
      </div>
      {extras ? (
        <input
          type="hidden"
          name="readExtras"
          value={JSON.stringify({ subtotal: extras.subtotal })}
        />
      ) : null}
      <fieldset className="space-y-3 rounded border border-slate-300 bg-white p-4">
        <legend className="px-1 font-semibold text-navy-900">Invoice file</legend>
        {state?.pendingToken ? (
          <>
            <input type="hidden" name="pendingToken" value={state.pendingToken} />
            <input type="hidden" name="pendingFileName" value={state.fileName ?? ''} />
            <p className="text-sm text-slate-700">
              Uploaded file: <strong>{state.fileName ?? 'invoice'}</strong> (kept for saving; choose another
              file to replace it)
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
              <button
                type="button"
                onClick={cancel}
                className={`${buttonClass} border border-slate-400 bg-white text-slate-900`}
              >
                Cancel
              </button>
            </>
          ) : null}
        </div>
      </fieldset>

      <div
        className={state?.preview ? 'grid items-start gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]' : ''}
      >
        {state?.preview ? <InvoicePreviewPane preview={state.preview} fileName={state.fileName} /> : null}
        <div className="min-w-0 space-y-6">
          <fieldset className="grid gap-4 rounded border border-slate-300 bg-white p-4 sm:grid-cols-2">
            <legend className="px-1 font-semibold text-navy-900">Invoice details</legend>
            <TextField
              label="Invoice # (required)"
              name="invoiceNumber"
              required
              value={values.invoiceNumber}
              onChange={setValue('invoiceNumber')}
              error={fieldErrors.invoiceNumber}
              hint={fieldHint('invoiceNumber')}
              autoComplete="off"
            />
            <TextField
              label="Supplier (required)"
              name="supplier"
              required
              value={values.supplier}
              onChange={setValue('supplier')}
              error={fieldErrors.supplier}
              hint={fieldHint('supplier')}
              autoComplete="off"
            />
            <TextField
              label="Invoice Date (required)"
              name="invoiceDate"
              type="date"
              required
              value={values.invoiceDate}
              onChange={setValue('invoiceDate')}
              error={fieldErrors.invoiceDate}
              hint={fieldHint('invoiceDate')}
            />
            <TextField
              label="Total"
              name="totalAmount"
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              value={values.totalAmount}
              onChange={setValue('totalAmount')}
              error={fieldErrors.totalAmount}
              hint={fieldHint('totalAmount')}
            />
          </fieldset>

          <fieldset className="min-w-0 rounded border border-slate-300 bg-white p-4">
            <legend className="px-1 font-semibold text-navy-900">Line items</legend>
            <div className="overflow-x-auto">
              <table className="stack-table w-full min-w-[40rem] text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="py-2 pr-2">
                      Part #
                    </th>
                    <th scope="col" className="py-2 pr-2">
                      Description
                    </th>
                    <th scope="col" className="w-24 py-2 pr-2">
                      Qty
                    </th>
                    <th scope="col" className="w-32 py-2 pr-2">
                      Unit Price
                    </th>
                    <th scope="col" className="w-24 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => {
                    const error = fieldErrors[`items.${i}`];
                    return (
                      // Rows have no identity of their own: their index is their identity in the form post.
                      <tr key={i} className="align-top">
                        <td data-label="Part #" className="py-1 pr-2">
                          <input
                            name="part_number"
                            aria-label={`Part # (row ${i + 1})`}
                            value={row.part_number}
                            onChange={setCell(i, 'part_number')}
                            className={cellClass(row, 'part_number')}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={markId(i, 'part_number', row)}
                          />
                          <LowMark row={row} index={i} name="part_number" />
                          {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
                        </td>
                        <td data-label="Description" className="py-1 pr-2">
                          <input
                            name="description"
                            aria-label={`Description (row ${i + 1})`}
                            value={row.description}
                            onChange={setCell(i, 'description')}
                            className={cellClass(row, 'description')}
                            aria-describedby={markId(i, 'description', row)}
                          />
                          <LowMark row={row} index={i} name="description" />
                        </td>
                        <td data-label="Qty" className="py-1 pr-2">
                          <input
                            name="quantity"
                            type="number"
                            min="1"
                            step="1"
                            inputMode="numeric"
                            aria-label={`Qty (row ${i + 1})`}
                            value={row.quantity}
                            onChange={setCell(i, 'quantity')}
                            className={cellClass(row, 'quantity')}
                            aria-describedby={markId(i, 'quantity', row)}
                          />
                          <LowMark row={row} index={i} name="quantity" />
                        </td>
                        <td data-label="Unit Price" className="py-1 pr-2">
                          <input
                            name="unit_price"
                            type="number"
                            min="0"
                            step="0.01"
                            inputMode="decimal"
                            aria-label={`Unit Price (row ${i + 1})`}
                            value={row.unit_price}
                            onChange={setCell(i, 'unit_price')}
                            className={cellClass(row, 'unit_price')}
                            aria-describedby={markId(i, 'unit_price', row)}
                          />
                          <LowMark row={row} index={i} name="unit_price" />
                        </td>
                        <td className="py-1">
                          <RowButton
                            intent={`remove-row:${i}`}
                            ariaLabel={`Remove row ${i + 1}`}
                            onPress={() =>
                              setRows((all) => (all.length > 1 ? all.filter((_, j) => j !== i) : [blankRow()]))
                            }
                          >
                            Remove
                          </RowButton>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <RowButton intent="add-row" onPress={() => setRows((all) => [...all, blankRow()])}>
              Add Row
            </RowButton>
            {warning ? (
              <p
                role="status"
                className="mt-3 rounded border border-amber-400 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
              >
                Warning: {warning}
              </p>
            ) : null}
          </fieldset>
          <ChargesFieldset
            charges={charges}
            setCharges={setCharges}
            errors={fieldErrors}
            rows={rows}
            total={values.totalAmount}
          />
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          name="intent"
          value="save"
          className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}
        >
          Save Invoice
        </button>
      </div>
    </Form>
  );
}

/**
 * A button that adds or removes a row (line items or charges): without JavaScript it posts its `intent` ("add-row",
 * "remove-charge:2") and the server answers with the rows changed; with JavaScript `onPress` changes them in place.
 * With `ariaLabel` it is a row's compact Remove button, else the list's Add button under the table.
 */
function RowButton({
  intent,
  ariaLabel,
  onPress,
  children,
}: {
  intent: string;
  ariaLabel?: string;
  onPress: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      aria-label={ariaLabel}
      onClick={(e) => {
        e.preventDefault();
        onPress();
      }}
      className={
        ariaLabel
          ? `${buttonClass} border border-slate-400 bg-white px-3 py-1.5 text-slate-900`
          : `${buttonClass} mt-3 border border-slate-400 bg-white text-slate-900`
      }
    >
      {children}
    </button>
  );
}

type CellName = Exclude<keyof InvoiceRow, 'low'>;
const CELL_LABELS: Record<CellName, string> = {
  part_number: 'Part #',
  description: 'Description',
  quantity: 'Qty',
  unit_price: 'Unit Price',
};

const cellClass = (row: InvoiceRow, name: CellName) =>
  row.low?.[name] !== undefined ? `${inputClass} border-2 border-amber-600 bg-amber-50` : inputClass;
const markId = (index: number, name: CellName, row: InvoiceRow) =>
  row.low?.[name] !== undefined ? `low-${index}-${name}` : undefined;

/** The mark under a cell read with low confidence: a sign and words, tied to the input by aria-describedby. */
function LowMark({ row, index, name }: { row: InvoiceRow; index: number; name: CellName }) {
  const c = row.low?.[name];
  if (c === undefined) return null;
  return (
    <p id={`low-${index}-${name}`} className="mt-1 text-xs font-semibold text-amber-900">
      <span aria-hidden="true">⚠ </span>Check {CELL_LABELS[name]}: low confidence ({percent(c)})
    </p>
  );
}

/** The review's warnings, at the top of the form, in place of 'Data extracted successfully!'. */
function ReadWarnings({ warnings }: { warnings: string[] }) {
  return (
    <div
      role="alert"
      className="rounded border-2 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="font-bold">
        <span aria-hidden="true">⚠ </span>Check this invoice before saving: the read is incomplete or does not
        add up.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </div>
  );
}

/** The uploaded file beside the fields: the image, or the PDF framed; always a link to open it on its own. */
function InvoicePreviewPane({ preview, fileName }: { preview: InvoicePreview; fileName: string | null }) {
  const name = fileName ?? 'invoice';
  return (
    <figure className="space-y-2 rounded border border-slate-300 bg-white p-3 xl:sticky xl:top-4">
      {preview.kind === 'image' ? (
        <img
          src={preview.url}
          alt={`The uploaded invoice (${name})`}
          className="max-h-[85vh] w-full rounded border border-slate-200 object-contain"
        />
      ) : (
        <iframe
          src={preview.url}
          title={`The uploaded invoice (${name})`}
          className="h-[85vh] w-full rounded border border-slate-200"
        />
      )}
      <figcaption className="text-sm text-slate-700">
        Uploaded invoice: {name}.{' '}
        <a
          href={preview.url}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-navy-800 underline"
        >
          Open {preview.kind === 'pdf' ? 'the PDF' : 'full size'} in a new tab
        </a>
      </figcaption>
    </figure>
  );
}

/**
 * The rows that are not parts (charges and tax): filled by a read, editable, saved with the invoice; and the
 * reconciliation of parts + charges against the total, recomputed as rows change.
 */
function ChargesFieldset({
  charges,
  setCharges,
  errors,
  rows,
  total,
}: {
  charges: InvoiceChargeRow[];
  setCharges: React.Dispatch<React.SetStateAction<InvoiceChargeRow[]>>;
  errors: Record<string, string>;
  rows: InvoiceRow[];
  total: string;
}) {
  const filled = rows.filter((r) => r.quantity.trim() !== '' && r.unit_price.trim() !== '');
  const partsCents = lineItemsTotalCents(filled);
  const otherCents = chargeRowsCents(charges);
  const computed = partsCents + otherCents;
  const t = Number(total.replace(/[$,\s]/g, ''));
  const totalCents = total.trim() && Number.isFinite(t) ? Math.round(t * 100) : null;
  const difference = totalCents === null ? null : totalCents - computed;
  const setCharge =
    (index: number, name: keyof InvoiceChargeRow) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setCharges((all) => all.map((c, i) => (i === index ? { ...c, [name]: e.target.value } : c)));
  return (
    <fieldset className="min-w-0 rounded border border-slate-300 bg-white p-4">
      <legend className="px-1 font-semibold text-navy-900">Charges (not parts)</legend>
      <p className="text-sm text-slate-700">
        Core charges, freight, fees, discounts and tax. They are saved with the invoice and count toward its total;
        they are not added to the inventory. Enter a discount or credit as a negative amount.
      </p>
      {charges.length ? (
        <div className="overflow-x-auto">
          <table className="stack-table mt-2 w-full min-w-[32rem] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="w-40 py-1 pr-2">
                  Kind
                </th>
                <th scope="col" className="py-1 pr-2">
                  As printed
                </th>
                <th scope="col" className="w-32 py-1 pr-2">
                  Amount
                </th>
                <th scope="col" className="w-24 py-1">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {charges.map((c, i) => {
                const error = errors[`charges.${i}`];
                return (
                  // Rows have no identity of their own: their index is their identity in the form post.
                  <tr key={i} className="align-top">
                    <td data-label="Kind" className="py-1 pr-2">
                      <select
                        name="charge_kind"
                        aria-label={`Kind (charge ${i + 1})`}
                        value={c.kind}
                        onChange={setCharge(i, 'kind')}
                        className={inputClass}
                        aria-invalid={error ? true : undefined}
                      >
                        {INVOICE_CHARGE_KINDS.map((k) => (
                          <option key={k} value={k}>
                            {INVOICE_CHARGE_LABELS[k]}
                          </option>
                        ))}
                      </select>
                      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
                    </td>
                    <td data-label="As printed" className="py-1 pr-2">
                      <input
                        name="charge_description"
                        aria-label={`As printed (charge ${i + 1})`}
                        value={c.description}
                        onChange={setCharge(i, 'description')}
                        className={inputClass}
                      />
                    </td>
                    <td data-label="Amount" className="py-1 pr-2">
                      <input
                        name="charge_amount"
                        type="number"
                        step="0.01"
                        inputMode="decimal"
                        aria-label={`Amount (charge ${i + 1})`}
                        value={c.amount}
                        onChange={setCharge(i, 'amount')}
                        className={inputClass}
                        aria-invalid={error ? true : undefined}
                      />
                    </td>
                    <td className="py-1">
                      <RowButton
                        intent={`remove-charge:${i}`}
                        ariaLabel={`Remove charge ${i + 1}`}
                        onPress={() => setCharges((all) => all.filter((_, j) => j !== i))}
                      >
                        Remove
                      </RowButton>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No charges.</p>
      )}
      <RowButton intent="add-charge" onPress={() => setCharges((all) => [...all, blankChargeRow()])}>
        Add Charge
      </RowButton>
      {errors.charges ? <p className="mt-1 text-sm font-medium text-red-700">{errors.charges}</p> : null}
      {charges.length || totalCents !== null ? (
        <>
          <dl className="mt-3 grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-1 text-sm">
            <dt>Parts (line items)</dt>
            <dd className="text-right">{money(partsCents)}</dd>
            <dt>Charges and tax</dt>
            <dd className="text-right">{money(otherCents)}</dd>
            <dt className="font-semibold">Parts + charges + tax</dt>
            <dd className="text-right font-semibold">{money(computed)}</dd>
            <dt>Invoice total</dt>
            <dd className="text-right">{totalCents === null ? 'not given' : money(totalCents)}</dd>
          </dl>
          <p className="mt-2 text-sm font-semibold">
            {difference === null
              ? 'No total to check against.'
              : Math.abs(difference) <= 2
                ? '✓ Adds up to the invoice total.'
                : `⚠ Does not add up: the total is ${money(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} than parts + charges + tax.`}
          </p>
        </>
      ) : null}
    </fieldset>
  );
}
