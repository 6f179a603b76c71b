import { getAuth } from '~/server/auth/auth.server';
import type { Route } from './+types/auth-api';

/** Better Auth's HTTP API at its default base path `/api/auth/*` (OAuth callbacks, session endpoints). */
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

/** True when `body` holds a NUL character, raw or escaped in JSON (`\u0000`): PostgreSQL cannot store it in text. */
const hasNul = (body: string) => body.includes(String.fromCharCode(0)) || /\\u0000/i.test(body);

/**
 * Posts to Better Auth. The body (at most 64 KB, server/middleware/body-limits.ts) is read first: one carrying a NUL
 * character is answered 400 (issue 13: it reached the database and answered 500); forms are cleaned by `readForm`,
 * this JSON API by refusing.
 */
export async function action({ request }: Route.ActionArgs) {
  const body = await request.text();
  if (hasNul(body)) {
    return Response.json({ code: 'INVALID_CHARACTERS', message: 'Control characters are not accepted.' }, { status: 400 });
  }
  return getAuth().handler(new Request(request.url, { method: request.method, headers: request.headers, body: body || undefined }));
}
