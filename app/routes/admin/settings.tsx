import { AdminLoadError } from '~/components/admin/load-error';
import { Form, useNavigation } from 'react-router';
import { buttonClass, Section, TimedMessage } from '~/components/admin/ui';
import { FormMessage, TextField } from '~/components/ui/field';
import { LABOR_TYPES, LABOR_TYPE_LABELS, TAX_CATEGORIES, TAX_CATEGORY_LABELS } from '~/lib/estimates/lines';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import { centsToInput, formatTaxRate } from '~/lib/money';
import { minutesToClock, ShopSettingsSchema } from '~/lib/schemas/estimate';
import { requireStaff } from '~/server/auth/permissions.server';
import { intentFailure, intentResult, readAdminForm } from '~/server/documents/admin-form.server';
import {
  DEFAULT_ESTIMATE_TERMS,
  getShopSettings,
  LOGO_MAX_BYTES,
  LOGO_SAVED,
  SETTINGS_SAVED,
  setShopLogo,
  updateShopSettings,
} from '~/server/settings/shop-settings.server';
import type { Route } from './+types/settings';

/**
 * Shop settings (issue 14): labor rates per labor type, the paint & materials rate, tax, estimate terms and the logo
 * printed on estimates and invoices. Staff only; every save is audited ('settings.update').
 */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Shop settings', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, 'settings');
  const settings = await getShopSettings();
  return {
    rates: {
      bodyRate: centsToInput(settings.bodyRateCents),
      refinishRate: centsToInput(settings.refinishRateCents),
      mechanicalRate: centsToInput(settings.mechanicalRateCents),
      frameRate: centsToInput(settings.frameRateCents),
      structuralRate: centsToInput(settings.structuralRateCents),
      materialsRate: centsToInput(settings.materialsRateCents),
    },
    taxRate: formatTaxRate(settings.taxRateMilliPercent).replace('%', ''),
    taxedCategories: settings.taxedCategories,
    estimateTerms: settings.estimateTerms,
    // Handed over by the loader: the component may not import the server module itself (the client build refuses it).
    defaultEstimateTerms: DEFAULT_ESTIMATE_TERMS,
    hasLogo: settings.logoFileKey !== null,
    messages: {
      quietHoursStart: minutesToClock(settings.quietHoursStartMinute),
      quietHoursEnd: minutesToClock(settings.quietHoursEndMinute),
      pickupHours: settings.pickupHours,
      reviewUrl: settings.reviewUrl,
      reviewDelayHours: String(settings.reviewDelayHours),
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, 'settings');
  const form = await readAdminForm(request, { maxFileSize: LOGO_MAX_BYTES, maxFiles: 1 });
  const intent = String(form.fields.get('intent') ?? '');
  if (form.uploadError) return intentFailure(intent || 'logo', form.uploadError.message, form.uploadError.status);
  if (intent === 'save-settings') {
    const parsed = parseForm(ShopSettingsSchema, form.fields);
    if (!parsed.success) return intentFailure(intent, 'Please correct the highlighted fields.', 400, parsed.fieldErrors);
    return intentResult(intent, async () => {
      await updateShopSettings(user, parsed.data);
      return SETTINGS_SAVED;
    });
  }
  if (intent === 'logo') {
    const file = form.files.find((f) => f.fieldName === 'logo');
    return intentResult(intent, async () => {
      await setShopLogo(user, file?.bytes ?? new Uint8Array());
      return LOGO_SAVED;
    });
  }
  return intentFailure(intent, 'Error: unknown action.', 400);
}

const RATE_FIELDS = [...LABOR_TYPES.map((t) => ({ name: `${t}Rate`, label: `${LABOR_TYPE_LABELS[t]} labor rate ($ per hour)` })), { name: 'materialsRate', label: 'Paint & materials rate ($ per refinish hour)' }] as const;

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const settingsResult = actionData?.intent === 'save-settings' ? actionData : undefined;
  const logoResult = actionData?.intent === 'logo' ? actionData : undefined;
  const errors = settingsResult?.fieldErrors ?? {};
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-navy-900">Shop settings</h1>
      <p className="text-slate-700">Rates, tax and terms used on new estimate lines and every estimate, supplement and invoice.</p>
      <Section title="Rates and tax" id="rates-h">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="save-settings" />
          <div className="grid gap-4 sm:grid-cols-2">
            {RATE_FIELDS.map((f) => (
              <TextField key={f.name} label={f.label} name={f.name} inputMode="decimal" required defaultValue={loaderData.rates[f.name as keyof typeof loaderData.rates]} error={errors[f.name]} />
            ))}
            <TextField label="Sales tax rate (%)" name="taxRate" inputMode="decimal" required defaultValue={loaderData.taxRate} error={errors.taxRate} hint="Rounded once per document, half up." />
          </div>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">Taxed line types</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {TAX_CATEGORIES.map((c) => (
                <label key={c} className="inline-flex items-center gap-2">
                  <input type="checkbox" name="taxedCategories" value={c} defaultChecked={loaderData.taxedCategories.includes(c)} />
                  {TAX_CATEGORY_LABELS[c]}
                </label>
              ))}
            </div>
            {errors.taxedCategories ? <p className="mt-1 text-sm font-medium text-red-700">{errors.taxedCategories}</p> : null}
          </fieldset>
          <div>
            <label htmlFor="estimateTerms" className="block text-sm font-semibold text-slate-800">
              Estimate terms
            </label>
            <textarea id="estimateTerms" name="estimateTerms" rows={5} defaultValue={loaderData.estimateTerms} placeholder={loaderData.defaultEstimateTerms} aria-invalid={errors.estimateTerms ? true : undefined} className="mt-1 block w-full rounded border border-slate-400 px-3 py-2" />
            {errors.estimateTerms ? <p className="mt-1 text-sm font-medium text-red-700">{errors.estimateTerms}</p> : <p className="mt-1 text-sm text-slate-600">Left empty, estimates print the text shown.</p>}
          </div>
          <fieldset className="space-y-3 rounded border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">Customer messages</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Quiet hours for texts start" name="quietHoursStart" type="time" required defaultValue={loaderData.messages.quietHoursStart} error={errors.quietHoursStart} hint="Texts wait until the quiet hours end (shop time)." />
              <TextField label="Quiet hours end" name="quietHoursEnd" type="time" required defaultValue={loaderData.messages.quietHoursEnd} error={errors.quietHoursEnd} />
            </div>
            <TextField label="Pickup hours" name="pickupHours" defaultValue={loaderData.messages.pickupHours} error={errors.pickupHours} hint="Shown to the customer when the car is ready, e.g. Mon–Fri 8 am – 6 pm, Sat 9 am – 1 pm." />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Review link" name="reviewUrl" type="url" defaultValue={loaderData.messages.reviewUrl} error={errors.reviewUrl} hint="Google or Facebook review page. Empty: no review request is sent." />
              <TextField label="Send the review request after (hours)" name="reviewDelayHours" inputMode="numeric" required defaultValue={loaderData.messages.reviewDelayHours} error={errors.reviewDelayHours} hint="Counted from Ready for Pickup; sent once per work order." />
            </div>
          </fieldset>
          <button type="submit" className={buttonClass} disabled={busy('save-settings')}>
            {busy('save-settings') ? 'Saving...' : 'Save settings'}
          </button>
          {settingsResult && !settingsResult.ok ? <FormMessage text={settingsResult.message} tone="error" /> : <TimedMessage text={settingsResult?.message} token={settingsResult} />}
        </Form>
      </Section>
      <Section title="Logo on documents" id="logo-h">
        <p className="text-sm text-slate-700">{loaderData.hasLogo ? 'A logo is set and printed on estimates and invoices.' : 'No logo yet: documents show the shop name only.'}</p>
        <Form method="post" action="?intent=logo" encType="multipart/form-data" className="mt-2 space-y-3">
          <input type="hidden" name="intent" value="logo" />
          <TextField label="Logo (PNG or JPEG, at most 2 MB)" name="logo" type="file" accept="image/png,image/jpeg" required error={logoResult && !logoResult.ok ? logoResult.message : undefined} />
          <button type="submit" className={buttonClass} disabled={busy('logo')}>
            {busy('logo') ? 'Uploading...' : 'Upload logo'}
          </button>
          {logoResult?.ok ? <TimedMessage text={logoResult.message} token={logoResult} /> : null}
        </Form>
      </Section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="shop settings" />;
}
