import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/**
 * A back-office page's error view, inside the back-office frame: 403/404 with the thrown text; a load failure replaces the page body with the spec's
 * red 'Failed to load {what}: {msg}' (admin-back-office §8) and a link back. Server errors reach the browser without
 * details ('Unexpected Server Error'); the details are in the server log.
 */
export function AdminLoadError({ what, back = { to: '/admin', label: 'Back to the dashboard' } }: { what: string; back?: { to: string; label: string } }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500) {
    // Inside the back-office frame (which already has the page's <main>): heading and message only.
    const text = typeof error.data === 'string' && error.data.length < 200 ? error.data : '';
    const title = error.status === 404 ? 'Page not found' : error.status === 403 ? 'Access denied' : 'Request not accepted';
    return (
      <div>
        <h1 className="text-2xl font-bold text-navy-900">{title}</h1>
        <p role="alert" className="mt-2 text-slate-700">
          {text || 'The page you are looking for could not be found.'}
        </p>
        <p className="mt-4">
          <Link to={back.to} className="font-semibold text-brand-700 underline">
            {back.label}
          </Link>
        </p>
      </div>
    );
  }
  const message = isRouteErrorResponse(error) ? error.statusText || 'Unexpected Server Error' : error instanceof Error ? error.message : 'Unknown error';
  return (
    <div>
      <p role="alert" className="rounded border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
        Failed to load {what}: {message}
      </p>
      <p className="mt-4">
        <Link to={back.to} className="font-semibold text-brand-700 underline">
          {back.label}
        </Link>
      </p>
    </div>
  );
}
