import { Form } from 'react-router';
import { buttonClass, SelectField } from '~/components/admin/ui';
import { TextField } from '~/components/ui/field';
import {
  LABOR_TYPES,
  LABOR_TYPE_LABELS,
  PART_TYPES,
  PART_TYPE_LABELS,
  TAX_CATEGORIES,
  TAX_CATEGORY_LABELS,
  type EstimateLine,
  type LineType,
} from '~/lib/estimates/lines';
import { centsToInput, formatTenths } from '~/lib/money';

/**
 * The form of one estimate line of one type (issue 14): adding (no `line`) or editing (`line` given). Only the fields
 * of that type are shown, so the form works without JavaScript. Money fields take dollars ("125.50"), hours take tenths
 * ("2.5"); a blank rate takes the shop's rate from settings. `errors` are the action's field errors for this form.
 */
export function EstimateLineForm({
  lineType,
  line,
  errors,
  busy,
  insured,
}: {
  lineType: LineType;
  line?: EstimateLine | undefined;
  errors?: Record<string, string> | undefined;
  busy: boolean;
  insured: boolean;
}) {
  const e = errors ?? {};
  const money = (cents: number | undefined) => (cents === undefined ? '' : centsToInput(cents));
  const label = line ? 'Save line' : 'Add line';
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="save-line" />
      <input type="hidden" name="lineType" value={lineType} />
      {line ? <input type="hidden" name="lineId" value={line.id} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={lineType === 'labor' ? 'Operation' : lineType === 'sublet' ? 'Sublet work' : 'Description'}
          name="description"
          required
          maxLength={300}
          defaultValue={line?.description ?? (lineType === 'paint_materials' ? 'Paint & materials' : '')}
          error={e.description}
          className="sm:col-span-2"
        />
        {lineType === 'part' ? (
          <>
            <TextField label="Part number" name="partNumber" list="inventory-parts" defaultValue={line?.partNumber ?? ''} error={e.partNumber} hint="Pick from inventory, or type a non-stock part number." />
            <SelectField label="Part type" name="partType" defaultValue={line?.partType ?? 'oem'} error={e.partType}>
              {PART_TYPES.map((t) => (
                <option key={t} value={t}>
                  {PART_TYPE_LABELS[t]}
                </option>
              ))}
            </SelectField>
            <TextField label="Quantity" name="quantity" inputMode="numeric" required defaultValue={String(line?.quantity ?? 1)} error={e.quantity} />
            <TextField label="Unit price ($)" name="unitPrice" inputMode="decimal" defaultValue={money(line?.unitPriceCents)} error={e.unitPrice} hint="Blank: the inventory price." />
          </>
        ) : null}
        {lineType === 'labor' ? (
          <>
            <SelectField label="Labor type" name="laborType" defaultValue={line?.laborType ?? 'body'} error={e.laborType}>
              {LABOR_TYPES.map((t) => (
                <option key={t} value={t}>
                  {LABOR_TYPE_LABELS[t]}
                </option>
              ))}
            </SelectField>
            <TextField label="Hours" name="hours" inputMode="decimal" required defaultValue={line ? formatTenths(line.hoursTenths) : ''} error={e.hours} hint="In tenths, like 2.5." />
            <TextField label="Rate ($ per hour)" name="rate" inputMode="decimal" defaultValue={money(line?.rateCents)} error={e.rate} hint="Blank: the shop's rate for this labor type." />
          </>
        ) : null}
        {lineType === 'paint_materials' ? (
          <>
            <SelectField label="Charged" name="materialsMode" defaultValue={line?.materialsMode ?? 'rate'} error={e.materialsMode}>
              <option value="rate">Refinish hours × materials rate</option>
              <option value="flat">Flat amount</option>
            </SelectField>
            <TextField label="Materials rate ($ per refinish hour)" name="rate" inputMode="decimal" defaultValue={line?.materialsMode === 'rate' ? money(line.rateCents) : ''} error={e.rate} hint="Blank: the shop's materials rate." />
            <TextField label="Flat amount ($)" name="amount" inputMode="decimal" defaultValue={line?.materialsMode === 'flat' ? money(line.amountCents) : ''} error={e.amount} hint="Used when charged as a flat amount." />
          </>
        ) : null}
        {lineType === 'sublet' ? <TextField label="Vendor" name="vendor" defaultValue={line?.vendor ?? ''} error={e.vendor} /> : null}
        {lineType === 'sublet' || lineType === 'fee' || lineType === 'discount' ? (
          <TextField label="Amount ($)" name="amount" inputMode="decimal" required defaultValue={money(line?.amountCents)} error={e.amount} />
        ) : null}
        {lineType === 'discount' ? (
          <SelectField label="Discount applies to" name="discountAppliesTo" defaultValue={line?.discountAppliesTo ?? 'labor'} error={e.discountAppliesTo}>
            {TAX_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {TAX_CATEGORY_LABELS[c]}
              </option>
            ))}
          </SelectField>
        ) : null}
        {insured && lineType !== 'discount' ? (
          <>
            <label className="inline-flex items-center gap-2 self-end pb-2">
              <input type="checkbox" name="customerPay" defaultChecked={line?.customerPay ?? false} />
              Customer pays this line
            </label>
            <TextField label="Betterment (%)" name="bettermentPercent" inputMode="numeric" defaultValue={String(line?.bettermentPercent ?? 0)} error={e.bettermentPercent} />
          </>
        ) : null}
      </div>
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? 'Saving...' : label}
      </button>
    </Form>
  );
}
