import { AdminLoadError } from '~/components/admin/load-error';
import { Form, useNavigation } from 'react-router';
import { buttonClass, SelectField, tableClass, tdClass, thClass } from '~/components/admin/ui';
import { FormMessage, TextField } from '~/components/ui/field';
import { parseForm } from '~/lib/forms';
import { pageMeta } from '~/lib/meta';
import {
  ChangeStaffRoleSchema,
  InviteStaffSchema,
  STAFF_MESSAGES,
  StaffAccountSchema,
} from '~/lib/schemas/staff';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '~/lib/staff-roles';
import { requireStaff } from '~/server/auth/permissions.server';
import { intentFailure, intentResult } from '~/server/documents/admin-form.server';
import { readForm } from '~/server/forms/read-form.server';
import { changeStaffRole, inviteStaff, listStaff, setStaffActive } from '~/server/staff/staff.server';
import type { Route } from './+types/staff';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ matches, title: 'Staff', noindex: true });

/** `/admin/staff` (issue 17 §2, Owner only): every staff account with role, active flag and two-factor. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, 'staff');
  return { staff: await listStaff(), me: user.id };
}

/**
 * intent=invite (name, email, role), change-role (userId, role), deactivate / reactivate (userId). Field errors come
 * back with status 400; the last-Owner rule and an existing address with 409; each change is audited (staff.server.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, 'staff');
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '');
  if (intent === 'invite') {
    const parsed = parseForm(InviteStaffSchema, form);
    if (!parsed.success)
      return intentFailure(intent, 'Please check the invitation.', 400, parsed.fieldErrors);
    return intentResult(intent, async () => {
      await inviteStaff(user, parsed.data);
      return STAFF_MESSAGES.invited(parsed.data.email);
    });
  }
  if (intent === 'change-role') {
    const parsed = parseForm(ChangeStaffRoleSchema, form);
    if (!parsed.success)
      return intentFailure(
        intent,
        Object.values(parsed.fieldErrors)[0] ?? 'Choose a role.',
        400,
        parsed.fieldErrors,
      );
    return intentResult(intent, () => changeStaffRole(user, parsed.data.userId, parsed.data.role));
  }
  if (intent === 'deactivate' || intent === 'reactivate') {
    const parsed = parseForm(StaffAccountSchema, form);
    if (!parsed.success) return intentFailure(intent, STAFF_MESSAGES.notFound, 400);
    return intentResult(intent, () => setStaffActive(user, parsed.data.userId, intent === 'reactivate'));
  }
  return intentFailure(intent, 'Error: unknown action.', 400);
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, me } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const invite = actionData?.intent === 'invite' ? actionData : undefined;
  const other = actionData && actionData.intent !== 'invite' ? actionData : undefined;
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold text-navy-900">Staff</h1>
      <p className="mt-1 text-slate-700">
        Who can open the back office, and what each role may do (docs/staff-and-roles.md). A deactivated
        account is signed out at once and cannot sign in.
      </p>
      {other ? (
        <div className="mt-4">
          <FormMessage text={other.message} tone={other.ok ? 'success' : 'error'} />
        </div>
      ) : null}
      <div className="mt-4 overflow-x-auto">
        <table className={tableClass}>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className={thClass}>
                Name
              </th>
              <th scope="col" className={thClass}>
                E-mail
              </th>
              <th scope="col" className={thClass}>
                Role
              </th>
              <th scope="col" className={thClass}>
                Active
              </th>
              <th scope="col" className={thClass}>
                Two-factor
              </th>
              <th scope="col" className={thClass}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {staff.map((s) => (
              <tr key={s.id}>
                <td className={tdClass}>{s.name}</td>
                <td className={tdClass}>
                  <a href={`mailto:${s.email}`} className="text-brand-700 underline">
                    {s.email}
                  </a>
                </td>
                <td className={tdClass}>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="change-role" />
                    <input type="hidden" name="userId" value={s.id} />
                    <label className="sr-only" htmlFor={`role-${s.id}`}>
                      Role of {s.name}
                    </label>
                    <select
                      id={`role-${s.id}`}
                      name="role"
                      defaultValue={s.role}
                      key={s.role}
                      className="rounded border border-slate-400 px-2 py-1"
                    >
                      {STAFF_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {STAFF_ROLE_LABELS[r]}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="font-semibold text-brand-700 underline" disabled={busy}>
                      Change role
                    </button>
                  </Form>
                </td>
                <td className={tdClass}>{s.active ? 'Active' : 'Deactivated'}</td>
                <td className={tdClass}>{s.twoFactorEnabled ? 'On' : 'Off'}</td>
                <td className={tdClass}>
                  {s.id === me ? (
                    <span className="text-slate-600">You</span>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value={s.active ? 'deactivate' : 'reactivate'} />
                      <input type="hidden" name="userId" value={s.id} />
                      <button
                        type="submit"
                        className="font-semibold text-brand-700 underline"
                        disabled={busy}
                      >
                        {s.active ? `Deactivate ${s.name}` : `Reactivate ${s.name}`}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section
        aria-labelledby="invite-h"
        className="mt-8 max-w-lg rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="invite-h" className="text-lg font-bold text-navy-900">
          Invite a staff member
        </h2>
        <p className="text-sm text-slate-700">They get an e-mail with a link to choose their password.</p>
        <Form method="post" className="mt-3 space-y-3" key={invite?.ok ? invite.at : 'invite'}>
          <input type="hidden" name="intent" value="invite" />
          <TextField label="Name" name="name" autoComplete="off" required error={invite?.fieldErrors.name} />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="off"
            required
            error={invite?.fieldErrors.email}
          />
          <SelectField
            label="Role"
            name="role"
            defaultValue="service_writer"
            error={invite?.fieldErrors.role}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r]}
              </option>
            ))}
          </SelectField>
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy && navigation.formData?.get('intent') === 'invite'
              ? 'Sending Invitation...'
              : 'Send Invitation'}
          </button>
          <FormMessage text={invite?.message} tone={invite?.ok ? 'success' : 'error'} />
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError what="staff accounts" />;
}
