import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/**
 * Error view inside the portal frame (sidebar stays): a thrown Response's text is shown when it is short (the spec's
 * 403/404 messages), anything else as `fallback`. No stack traces.
 */
export function PortalErrorBoundary({ fallback, backTo }: { fallback: string; backTo?: { to: string; label: string } }) {
  const error = useRouteError();
  const text =
    isRouteErrorResponse(error) && typeof error.data === 'string' && error.data.length < 200 && error.status < 500
      ? error.data
      : fallback;
  return (
    <div>
      <h1 className="text-2xl font-bold text-navy-900">
        {isRouteErrorResponse(error) && error.status === 403 ? 'Access denied' : isRouteErrorResponse(error) && error.status === 404 ? 'Not found' : 'Something went wrong'}
      </h1>
      <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
        {text}
      </p>
      {backTo ? (
        <p className="mt-6">
          <Link to={backTo.to} className="font-semibold text-brand-700 underline">
            {backTo.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
