/**
 * The work-order forms shared by the customer details panel ("Manage WO Details") and the work order page: add a
 * part (parts with no stock disabled, quantity ≥ 1) and upload a customer document (quote or paid invoice, PDF or
 * image; the type resets to quote after a successful upload). Both post natively and show their result for 3 s.
 */
import { Form, useLocation, useNavigation } from 'react-router';
import { buttonClass, SelectField, TimedMessage } from './ui';

export interface PartOption {
  id: string;
  partNumber: string;
  description: string;
  quantity: number;
  unitPrice: string;
}

export interface WorkOrderOption {
  id: string;
  workOrderNumber: string;
}

export interface FormResult {
  intent: string;
  ok: boolean;
  message: string;
  fieldErrors: Record<string, string>;
  at: number;
}

function WorkOrderPicker({ workOrders, fixedId }: { workOrders?: WorkOrderOption[]; fixedId?: string }) {
  if (fixedId) return <input type="hidden" name="workOrderId" value={fixedId} />;
  return (
    <SelectField label="Work order" name="workOrderId" required defaultValue="">
      <option value="">Select a work order</option>
      {(workOrders ?? []).map((w) => (
        <option key={w.id} value={w.id}>
          WO #{w.workOrderNumber}
        </option>
      ))}
    </SelectField>
  );
}

export function AddPartForm({
  parts,
  workOrders,
  workOrderId,
  result,
  action,
}: {
  parts: PartOption[];
  workOrders?: WorkOrderOption[];
  workOrderId?: string;
  result: FormResult | undefined;
  action?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add-part';
  const mine = result?.intent === 'add-part' ? result : undefined;
  return (
    <Form method="post" action={action} className="space-y-3" key={mine?.ok ? `part-${mine.at}` : 'add-part'}>
      <input type="hidden" name="intent" value="add-part" />
      <div className="grid gap-3 sm:grid-cols-3">
        <WorkOrderPicker workOrders={workOrders} fixedId={workOrderId} />
        <SelectField label="Part" name="inventoryId" required defaultValue="">
          <option value="">Select a part</option>
          {parts.map((p) => (
            <option key={p.id} value={p.id} disabled={p.quantity <= 0}>
              {p.partNumber} — {p.description} ({p.quantity} in stock)
            </option>
          ))}
        </SelectField>
        <div>
          <label htmlFor={`qty-${workOrderId ?? 'any'}`} className="block text-sm font-semibold text-slate-800">
            Quantity
          </label>
          <input
            id={`qty-${workOrderId ?? 'any'}`}
            name="quantity"
            type="number"
            min={1}
            step={1}
            defaultValue={1}
            required
            onBlur={(e) => {
              const n = Number.parseInt(e.currentTarget.value, 10);
              if (!Number.isFinite(n) || n < 1) e.currentTarget.value = '1';
            }}
            className="mt-1 block w-full rounded border border-slate-400 px-3 py-2"
          />
        </div>
      </div>
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? 'Adding Part...' : 'Add Part'}
      </button>
      <TimedMessage text={mine?.message} token={mine} />
    </Form>
  );
}

/** The current page with `?intent=` added: an upload refused for its size still says which form it came from. */
export function useUploadAction(intent: string, action: string | undefined): string {
  const location = useLocation();
  if (action) return action;
  const params = new URLSearchParams(location.search);
  params.set('intent', intent);
  return `${location.pathname}?${params}`;
}

export function DocumentUploadForm({
  workOrders,
  workOrderId,
  result,
  action,
}: {
  workOrders?: WorkOrderOption[];
  workOrderId?: string;
  result: FormResult | undefined;
  action?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload-document';
  const mine = result?.intent === 'upload-document' ? result : undefined;
  const target = useUploadAction('upload-document', action);
  return (
    <Form
      method="post"
      action={target}
      encType="multipart/form-data"
      className="space-y-3"
      // A new key after each success resets the form: the type goes back to quote (spec §2).
      key={mine?.ok ? `doc-${mine.at}` : 'doc'}
    >
      <input type="hidden" name="intent" value="upload-document" />
      <div className="grid gap-3 sm:grid-cols-3">
        <WorkOrderPicker workOrders={workOrders} fixedId={workOrderId} />
        <SelectField label="Document type" name="documentType" defaultValue="quote" required>
          <option value="quote">Quote</option>
          <option value="paid_invoice">Paid Invoice</option>
        </SelectField>
        <div>
          <label htmlFor={`doc-file-${workOrderId ?? 'any'}`} className="block text-sm font-semibold text-slate-800">
            File (PDF or image)
          </label>
          <input
            id={`doc-file-${workOrderId ?? 'any'}`}
            name="file"
            type="file"
            required
            accept="application/pdf,image/*"
            className="mt-1 block w-full text-sm"
          />
        </div>
      </div>
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? 'Uploading...' : 'Upload Document'}
      </button>
      <TimedMessage text={mine?.message} token={mine} />
    </Form>
  );
}
