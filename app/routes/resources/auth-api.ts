import { getAuth } from '~/server/auth/auth.server';
import type { Route } from './+types/auth-api';

/** Better Auth's HTTP API at its default base path `/api/auth/*` (OAuth callbacks, session endpoints). */
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
