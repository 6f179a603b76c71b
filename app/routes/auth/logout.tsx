import { redirect } from 'react-router';
import { cookieHeaders, signOut } from '~/server/auth/sign-in.server';
import type { Route } from './+types/logout';

/** Log Out (both sidebars post here): ends the session and goes to the home page. */
export async function action({ request }: Route.ActionArgs) {
  return redirect('/', { headers: cookieHeaders(await signOut(request)) });
}

export function loader() {
  return redirect('/');
}
