import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from 'react-router';
import enhanceScriptUrl from '~/enhance/script-url';
import bookScriptUrl from '~/enhance/book-script-url';
import statusScriptUrl from '~/enhance/status-script-url';
import stylesheet from './app.css?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useNonce } from '~/lib/nonce';
import type { RouteHandle } from '~/lib/route-handle';
import { getConfig } from '~/server/config.server';
import { getShopInfo } from '~/server/site/site-info.server';
import type { Route } from './+types/root';

/**
 * The one stylesheet (app.css, which imports the font faces and the marketing-page CSS) and the main font. Linked here with a React
 * `precedence` rather than imported for its side effect: React then writes it at the top of <head>, before the
 * `modulepreload` links of the page's scripts. Without it the browser discovered the stylesheet after a dozen script
 * preloads and, six connections per host, fetched it last: first paint waited for the JavaScript (issue 15: portal LCP).
 */
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  // The Latin face of Inter, fetched alongside the stylesheet instead of after it: with `font-display: optional` the
  // text waits at most 100 ms for it, so the sooner it arrives the more often the first visit paints in it.
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export async function loader() {
  // The shop's facts saved at /admin/site (issue 16; cached per process, dropped on every change).
  const shop = await getShopInfo().catch(() => getConfig().shop);
  const config = getConfig();
  return { shop, googleEnabled: Boolean(config.google), appUrl: config.appUrl };
}

/** Shop facts and feature flags from the root loader, for any component. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('Root loader data is missing');
  return data;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const matches = useMatches();
  // Marketing pages opt out of hydration (DESIGN.md decision log): no framework script is sent at all.
  const handles = matches.map((m) => m.handle as RouteHandle | undefined);
  const hydrate = !handles.some((h) => h?.hydrate === false);
  const scriptUrl = handles.some((h) => h?.script === 'status')
    ? statusScriptUrl
    : handles.some((h) => h?.script === 'book')
      ? bookScriptUrl
      : enhanceScriptUrl;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1a33" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          // HTML-first pages: their one enhancement script, from 'self' (app/enhance/: enhance.ts for the marketing
          // pages, status-live.ts for the status page, book.ts for the booking page).
          <script type="module" src={scriptUrl} nonce={nonce || undefined} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
