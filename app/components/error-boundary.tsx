import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/**
 * The one error view for every route: 403 and 404 with their own words (a thrown Response's text is shown when it is
 * a spec message), anything else as a generic message. Stack traces are never shown.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  let title = 'Something went wrong';
  let message = 'An unexpected error occurred. Please try again, or call the shop if it keeps happening.';
  if (isRouteErrorResponse(error)) {
    const text = typeof error.data === 'string' && error.data.length < 200 ? error.data : '';
    if (error.status === 403) {
      title = 'Access denied';
      message = text || 'You do not have permission to view this page.';
    } else if (error.status === 404) {
      title = 'Page not found';
      message = text || 'The page you are looking for could not be found.';
    } else if (error.status < 500) {
      title = 'Request not accepted';
      message = text || message;
    }
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700" role="alert">
        {message}
      </p>
      <p className="mt-8">
        <Link to="/" className="font-semibold text-brand-700 underline">
          Back to the home page
        </Link>
      </p>
    </main>
  );
}
