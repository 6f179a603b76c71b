import { AdminLoadError } from '~/components/admin/load-error';
import { Form, useNavigation } from 'react-router';
import { buttonClass, money, na, tableClass, tdClass, thClass, TimedMessage, useFormatDate } from '~/components/admin/ui';
import { TextField } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { AdjustStockSchema, EditInventoryItemSchema, InventoryItemSchema } from '~/lib/schemas/admin';
import { requireStaff } from '~/server/auth/permissions.server';
import { intentFailure, intentResult } from '~/server/documents/admin-form.server';
import { addInventoryItem, adjustStock, listInventory, updateInventoryItem } from '~/server/inventory/inventory.server';
import type { FormResult } from '~/components/admin/work-order-forms';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/inventory';

export const INVENTORY_EMPTY = 'No inventory items found. Add some from the backend!';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Inventory', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'inventory');
  const q = new URL(request.url).searchParams.get('q') ?? '';
  return { q, items: await listInventory({ q }) };
}

const first = (e: Record<string, string>) => Object.values(e)[0] ?? 'please check the fields.';

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, 'inventory');
  const formData = await readForm(request);
  const intent = String(formData.get('intent') ?? '');
  if (intent === 'add-item') {
    const parsed = parseForm(InventoryItemSchema, formData);
    if (!parsed.success) return intentFailure(intent, `Failed to update inventory: ${first(parsed.fieldErrors)}`, 400, parsed.fieldErrors);
    return intentResult(intent, async () => {
      await addInventoryItem(user, parsed.data);
      return `Added ${parsed.data.partNumber} to inventory.`;
    });
  }
  if (intent === 'edit-item') {
    const parsed = parseForm(EditInventoryItemSchema, formData);
    if (!parsed.success) return intentFailure(intent, `Failed to update inventory: ${first(parsed.fieldErrors)}`, 400, parsed.fieldErrors);
    return intentResult(intent, async () => {
      await updateInventoryItem(user, parsed.data);
      return `Saved ${parsed.data.partNumber}.`;
    });
  }
  if (intent === 'adjust-stock') {
    const parsed = parseForm(AdjustStockSchema, formData);
    if (!parsed.success) return intentFailure(intent, `Failed to update inventory: ${first(parsed.fieldErrors)}`, 400, parsed.fieldErrors);
    return intentResult(intent, async () => {
      const quantity = await adjustStock(user, parsed.data);
      return `Stock updated. New quantity: ${quantity}.`;
    });
  }
  return intentFailure(intent, 'Error: unknown action.', 400);
}

export default function Inventory({ loaderData, actionData }: Route.ComponentProps) {
  const { items, q } = loaderData;
  const formatDate = useFormatDate();
  const navigation = useNavigation();
  const result = actionData as FormResult | undefined;
  const addResult = result?.intent === 'add-item' ? result : undefined;
  const busy = navigation.state === 'submitting';
  return (
    <div>
      <h1 className="text-2xl font-bold text-navy-900">Inventory</h1>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="inventory-search" className="block text-sm font-semibold text-slate-800">
            Search parts
          </label>
          <input id="inventory-search" type="search" name="q" defaultValue={q} className="mt-1 w-72 max-w-full rounded border border-slate-400 px-3 py-2" />
        </div>
        <button type="submit" className={buttonClass}>
          Search
        </button>
      </Form>
      {result && result.intent !== 'add-item' ? <div className="mt-4"><TimedMessage text={result.message} token={result} /></div> : null}
      {items.length === 0 ? (
        <p className="mt-6 text-slate-700">{q ? 'No parts match your search.' : INVENTORY_EMPTY}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200">
          <table className={`${tableClass} stack-table`}>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className={thClass}>Part #</th>
                <th scope="col" className={thClass}>Description</th>
                <th scope="col" className={thClass}>Quantity</th>
                <th scope="col" className={thClass}>Price</th>
                <th scope="col" className={thClass}>Supplier</th>
                <th scope="col" className={thClass}>Date Added</th>
                <th scope="col" className={thClass}>Manage</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {items.map((item) => (
                <tr key={item.id}>
                  <td data-label="Part #" className={tdClass}>{item.partNumber}</td>
                  <td data-label="Description" className={tdClass}>{item.description}</td>
                  <td data-label="Quantity" className={tdClass}>{item.quantity}</td>
                  <td data-label="Price" className={tdClass}>{money(item.unitPrice)}</td>
                  <td data-label="Supplier" className={tdClass}>{na(item.supplier)}</td>
                  <td data-label="Date Added" className={tdClass}>{formatDate(item.createdAt)}</td>
                  <td data-label="Manage" className={tdClass}>
                    <details>
                      <summary className="cursor-pointer font-semibold text-brand-700">
                        Manage<span className="sr-only"> {item.partNumber}</span>
                      </summary>
                      <Form method="post" className="mt-2 space-y-2">
                        <input type="hidden" name="intent" value="adjust-stock" />
                        <input type="hidden" name="inventoryId" value={item.id} />
                        <TextField label="Stock change (+/-)" name="change" inputMode="numeric" required />
                        <TextField label="Reason" name="reason" required />
                        <button type="submit" className={buttonClass} disabled={busy}>
                          Adjust Stock
                        </button>
                      </Form>
                      <Form method="post" className="mt-4 space-y-2">
                        <input type="hidden" name="intent" value="edit-item" />
                        <input type="hidden" name="inventoryId" value={item.id} />
                        <TextField label="Part number" name="partNumber" defaultValue={item.partNumber} required />
                        <TextField label="Description" name="description" defaultValue={item.description} required />
                        <TextField label="Unit price" name="unitPrice" inputMode="decimal" defaultValue={item.unitPrice} required />
                        <TextField label="Supplier" name="supplier" defaultValue={item.supplier ?? ''} />
                        <button type="submit" className={buttonClass} disabled={busy}>
                          Save Part
                        </button>
                      </Form>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="add-item-h" className="mt-8 max-w-3xl rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="add-item-h" className="text-xl font-bold text-navy-900">
          Add Inventory Item
        </h2>
        <Form method="post" className="mt-3 space-y-3" key={addResult?.ok ? `add-${addResult.at}` : 'add'}>
          <input type="hidden" name="intent" value="add-item" />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Part number" name="partNumber" required error={addResult?.fieldErrors.partNumber} />
            <TextField label="Description" name="description" required error={addResult?.fieldErrors.description} />
            <TextField label="Quantity" name="quantity" inputMode="numeric" required defaultValue="0" error={addResult?.fieldErrors.quantity} />
            <TextField label="Unit price" name="unitPrice" inputMode="decimal" required error={addResult?.fieldErrors.unitPrice} />
            <TextField label="Supplier" name="supplier" error={addResult?.fieldErrors.supplier} />
          </div>
          <button type="submit" className={buttonClass} disabled={busy}>
            Add Item
          </button>
          <TimedMessage text={addResult?.message} token={addResult} />
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="inventory" />;
}
