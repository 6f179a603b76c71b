import { data, Form, useNavigation } from 'react-router';
import { CONSENT_SOURCE_LABELS, TextSettingsFields } from '~/components/text-settings-fields';
import { TwoFactorSettings, type TwoFactorActionData } from '~/components/two-factor-settings';
import { FormMessage } from '~/components/ui/field';
import { formValues, parseForm } from '~/lib/forms';
import { formatDate } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { textSettingsSchema } from '~/lib/schemas/sms';
import { requireCustomer } from '~/server/auth/session.server';
import { cookieHeaders } from '~/server/auth/sign-in.server';
import { handleTwoFactorForm } from '~/server/auth/two-factor-form.server';
import { getConfig } from '~/server/config.server';
import { getTextSettings, TEXT_SETTINGS_SAVED, updateMyTextSettings } from '~/server/customers/text-settings.server';
import { DomainError } from '~/server/errors.server';
import { readForm } from '~/server/forms/read-form.server';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Settings', noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  return { enabled: user.twoFactorEnabled, email: user.email, texting: await getTextSettings(user.customerId), timeZone: getConfig().shop.timeZone };
}

type TextingResult = { form: 'texting'; ok: boolean; message: string | null; fieldErrors: Record<string, string>; values: Record<string, string> };

/**
 * intent=save-texting: the signed-in customer's mobile number, consent to texts and notify channel (issue 15; the customer
 * id comes from the session, never the form). Any other intent: the two-factor forms.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireCustomer(request);
  const formData = await readForm(request.clone());
  if (formData.get('intent') === 'save-texting') {
    const parsed = parseForm(textSettingsSchema('customer'), formData);
    if (!parsed.success) {
      return data<TextingResult>({ form: 'texting', ok: false, message: null, fieldErrors: parsed.fieldErrors, values: formValues(formData) }, 400);
    }
    try {
      await updateMyTextSettings(user, parsed.data);
    } catch (error) {
      if (error instanceof DomainError) {
        const fieldErrors: Record<string, string> = error.field ? { [error.field]: error.message } : {};
        return data<TextingResult>(
          { form: 'texting', ok: false, message: error.field ? null : error.message, fieldErrors, values: formValues(formData) },
          error.status,
        );
      }
      throw error;
    }
    return data<TextingResult>({ form: 'texting', ok: true, message: TEXT_SETTINGS_SAVED, fieldErrors: {}, values: {} });
  }
  const { body, status, cookies } = await handleTwoFactorForm(request);
  return data<TwoFactorActionData>(body, { status, headers: cookieHeaders(cookies) });
}

export default function PortalSettings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { texting } = loaderData;
  const textingResult = actionData && 'form' in actionData ? actionData : undefined;
  const twoFactorResult = actionData && !('form' in actionData) ? actionData : undefined;
  const values = textingResult && !textingResult.ok ? textingResult.values : texting;
  const status = texting.consentSince
    ? `${texting.smsConsent ? 'You agreed' : 'You opted out'} on ${formatDate(texting.consentSince, loaderData.timeZone)} (${CONSENT_SOURCE_LABELS[texting.consentSource ?? ''] ?? ''}).`
    : null;
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold text-navy-900">Settings</h1>
      <p className="text-slate-700">Signed in as {loaderData.email}.</p>
      <section aria-labelledby="texting-h" className="space-y-4">
        <h2 id="texting-h" className="text-xl font-bold text-navy-900">
          Repair updates and texts
        </h2>
        <FormMessage text={textingResult?.message} tone={textingResult?.ok ? 'success' : 'error'} />
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="save-texting" />
          <TextSettingsFields values={values} errors={textingResult?.fieldErrors ?? {}} disclosure={texting.disclosure} who="customer" status={status} />
          <button type="submit" disabled={busy} className="rounded bg-brand-600 px-4 py-2 font-bold text-white hover:bg-brand-700 disabled:opacity-70">
            {busy ? 'Saving...' : 'Save Message Settings'}
          </button>
        </Form>
      </section>
      <TwoFactorSettings enabled={loaderData.enabled} required={false} actionData={twoFactorResult} />
    </div>
  );
}
