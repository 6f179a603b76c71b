/**
 * `/status/:token` — the no-login status page (issue 15 §1–2). HTML-first like the marketing pages (no framework
 * script; the small live-update script app/enhance/status-live.ts), but never page-cached: it is per work order and
 * changes. Guessing is limited per client address (app/server/status-link/guess-limit.server.ts); an unknown,
 * expired, replaced or malformed link gets the same friendly 404 page, too many misses the 429 page.
 */
import { data } from 'react-router';
import { telHref } from '~/content/shop';
import { formatCents } from '~/lib/money';
import type { RouteHandle } from '~/lib/route-handle';
import {
  formatStatusDate,
  STATUS_PAGE_TEXT as T,
  STATUS_RESPONSE_HEADERS,
  statusEventsPath,
  statusPhotoPath,
} from '~/lib/status-page';
import { getConfig } from '~/server/config.server';
import { recordStatusMiss, statusGuessesBlocked } from '~/server/status-link/guess-limit.server';
import { findStatusPage, type StatusPage } from '~/server/status-link/status-link.server';
import type { Route } from './+types/page';

export const handle: RouteHandle = { hydrate: false, pageCache: false, script: 'status' };

type Shop = { name: string; phone: string };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { shop } = getConfig();
  const facts: Shop = { name: shop.name, phone: shop.phone };
  const refuse = (kind: 'invalid' | 'limited') =>
    data(
      { kind, shop: facts } as const,
      {
        status: kind === 'limited' ? 429 : 404,
        headers: { ...STATUS_RESPONSE_HEADERS, ...(kind === 'limited' ? { 'Retry-After': '600' } : {}) },
      },
    );
  if (await statusGuessesBlocked(context.clientIp)) return refuse('limited');
  const page = await findStatusPage(params.token);
  if (!page) return refuse((await recordStatusMiss(context.clientIp)) ? 'limited' : 'invalid');
  return data({ kind: 'page', shop: facts, page, token: params.token } as const, { headers: STATUS_RESPONSE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const shopName = d?.shop.name ?? '';
  const title = d?.kind === 'page' ? `${d.page.headline} | ${shopName}` : d?.kind === 'limited' ? `${T.tooManyTitle} | ${shopName}` : `${T.notFoundTitle} | ${shopName}`;
  return [
    { title },
    { name: 'description', content: `The repair status of your vehicle at ${shopName}: progress, estimated completion and photos.` },
    { name: 'robots', content: 'noindex, nofollow' },
    { name: 'referrer', content: 'no-referrer' },
  ];
};

export default function StatusPageRoute({ loaderData }: Route.ComponentProps) {
  const { shop } = loaderData;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-navy-900 text-white">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-3 px-4 py-3">
          <p className="font-extrabold leading-tight">{shop.name}</p>
          <a
            href={telHref(shop.phone)}
            className="inline-flex min-h-11 shrink-0 items-center rounded bg-brand-600 px-4 font-bold text-white hover:bg-brand-700"
          >
            Call <span className="sr-only">&nbsp;{shop.name} at</span>&nbsp;{shop.phone}
          </a>
        </div>
      </header>
      <main
        id="main"
        className="mx-auto w-full max-w-xl flex-1 px-4 py-6"
        data-status-live={loaderData.kind === 'page' ? statusEventsPath(loaderData.token) : undefined}
      >
        {loaderData.kind === 'page' ? (
          <StatusContent page={loaderData.page} token={loaderData.token} />
        ) : (
          <RefusedContent kind={loaderData.kind} shop={shop} />
        )}
        {loaderData.kind === 'page' ? (
          <p data-status-live-note hidden className="mt-8 text-sm text-slate-600">
            {T.liveNote}
          </p>
        ) : null}
      </main>
      <p role="status" aria-live="polite" className="sr-only" data-status-announce></p>
    </div>
  );
}

const card = 'mt-4 rounded-lg border p-4';
const plainCard = `${card} border-slate-200 bg-white`;

function StatusContent({ page, token }: { page: StatusPage; token: string }) {
  const { vehicle } = page;
  const vehicleName = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  return (
    <div data-status-content tabIndex={-1} className="outline-none">
      {page.customerFirstName ? <p className="text-slate-700">Hi {page.customerFirstName},</p> : null}
      <h1 className="mt-1 text-2xl font-bold text-navy-900">{page.headline}</h1>
      <p className="mt-2 text-slate-700">
        {vehicleName}
        {vehicle.color ? `, ${vehicle.color}` : ''} · <span className="whitespace-nowrap">Work order {page.workOrderNumber}</span>
      </p>

      {page.ready ? (
        <section aria-labelledby="pickup-h" className={`${card} border-green-700 bg-green-50`}>
          <h2 id="pickup-h" className="font-bold text-green-900">
            {T.pickupHours}
          </h2>
          <p className="mt-1 whitespace-pre-line text-slate-900">{page.pickupHours ?? `Call us at ${page.shop.phone} to arrange pickup.`}</p>
        </section>
      ) : (
        <section aria-labelledby="eta-h" className={plainCard}>
          <h2 id="eta-h" className="font-bold text-navy-900">
            {T.estimatedCompletion}
          </h2>
          <p className="mt-1 text-lg text-slate-900">
            {page.estimatedCompletionDate ? formatStatusDate(page.estimatedCompletionDate) : T.noEstimatedCompletion}
          </p>
        </section>
      )}

      {page.estimateWaiting ? (
        <section aria-labelledby="estimate-h" className={`${card} border-amber-600 bg-amber-50`}>
          <h2 id="estimate-h" className="font-bold text-navy-900">
            {page.estimateWaiting.title} {T.estimateWaiting}
          </h2>
          <p className="mt-1 text-slate-900">
            Version {page.estimateWaiting.versionNumber}, total {formatCents(page.estimateWaiting.totalCents)}.
          </p>
          <p className="mt-2">
            <a href={page.estimateWaiting.portalPath} className="font-semibold text-brand-700 underline">
              {T.reviewEstimate}
            </a>{' '}
            <span className="text-sm text-slate-700">{T.signInNote}</span>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="progress-h" className={plainCard}>
        <h2 id="progress-h" className="font-bold text-navy-900">
          {T.progressLabel}
        </h2>
        <ol className="mt-3 space-y-1">
          {page.steps.map((step, i) => (
            <li
              key={step.name}
              aria-current={step.state === 'current' || (page.ready && i === page.steps.length - 1) ? 'step' : undefined}
              className={`flex min-h-10 items-center gap-3 rounded px-2 py-1 ${
                step.state === 'current' ? 'bg-navy-900 font-bold text-white' : step.state === 'done' ? 'text-slate-900' : 'text-slate-600'
              }`}
            >
              <span
                aria-hidden="true"
                className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs ${
                  step.state === 'current'
                    ? 'bg-white text-navy-900'
                    : step.state === 'done'
                      ? 'bg-green-700 text-white'
                      : 'border border-slate-400 text-slate-600'
                }`}
              >
                {step.state === 'done' ? '✓' : i + 1}
              </span>
              <span>{step.name}</span>
              <span className="ml-auto text-sm">{step.state === 'current' ? T.currentStep : step.state === 'done' ? T.done : ''}</span>
            </li>
          ))}
        </ol>
      </section>

      {page.photos.length ? (
        <section aria-labelledby="photos-h" className={plainCard}>
          <h2 id="photos-h" className="font-bold text-navy-900">
            {T.photos}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {page.photos.map((photo, i) => (
              <li key={photo.id}>
                <a
                  href={statusPhotoPath(token, photo.id)}
                  target="_blank"
                  rel="noreferrer"
                  className="block overflow-hidden rounded border border-slate-300 bg-slate-100"
                >
                  <img
                    src={statusPhotoPath(token, photo.id, 'thumb')}
                    alt={`${vehicleName} repair, ${i + 1} of ${page.photos.length}: ${photo.fileName}`}
                    width={480}
                    height={360}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] h-auto w-full object-cover"
                  />
                  <span className="sr-only"> (opens the full image in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="mt-6 text-slate-700">
        Questions? {T.callUs}{' '}
        <a href={telHref(page.shop.phone)} className="whitespace-nowrap font-semibold text-brand-700 underline">
          {page.shop.phone}
        </a>
        .
      </p>
    </div>
  );
}

function RefusedContent({ kind, shop }: { kind: 'invalid' | 'limited'; shop: Shop }) {
  return (
    <div data-status-content tabIndex={-1} className="py-8 text-center outline-none">
      <h1 className="text-2xl font-bold text-navy-900">{kind === 'limited' ? T.tooManyTitle : T.notFoundTitle}</h1>
      <p className="mt-4 text-lg text-slate-700">
        {kind === 'limited' ? T.tooMany : T.notFound} {T.callUs}{' '}
        <a href={telHref(shop.phone)} className="whitespace-nowrap font-semibold text-brand-700 underline">
          {shop.phone}
        </a>
        .
      </p>
    </div>
  );
}
