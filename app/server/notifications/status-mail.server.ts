/**
 * Where a status e-mail's portal line sends the customer (issue 13): a customer with an account to the portal's repair
 * updates; a walk-in (no account yet) to `/register?email=…`, which says how to create the account with the address
 * the shop has on file (not to a bare login page they cannot use). The e-mail itself is the React Email template
 * `StatusUpdateMail` (mail/templates), whose main button is the no-login status page.
 */
export function statusMailLink(appUrl: string, email: string, hasAccount: boolean): string {
  if (hasAccount) return `${appUrl}/portal/repair-updates`;
  return `${appUrl}/register?${new URLSearchParams({ email })}`;
}
