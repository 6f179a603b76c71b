import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { useLocation, useRevalidator } from 'react-router';

/** What a screen reader hears (and the page shows) after the page reloaded its data for a change of this kind. */
export const LIVE_UPDATE_TEXT: Record<string, string> = {
  status: 'Your repair status was updated.',
  eta: 'The estimated completion date was updated.',
  photos: 'New repair photos were added.',
  estimate: 'The shop sent you an estimate.',
  message: 'The shop sent you a message.',
};
/** Said when several kinds of change arrived together, or an unknown kind. */
export const LIVE_UPDATE_GENERIC = 'This page was updated.';

/** How long (ms) to gather events before reloading once: a status change and a new photo a moment apart cost one reload. */
export const LIVE_DEBOUNCE_MS = 300;

const noSubscription = () => () => {};

/** False in the server's HTML and while hydrating, true once the page runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function announcementFor(changes: Set<string>, texts: Record<string, string>, generic: string): string | null {
  const kinds = [...changes].filter((c) => c !== 'resync');
  if (kinds.length === 0) return null; // a silent catch-up after a lost connection
  if (kinds.length === 1) return texts[kinds[0]!] ?? generic;
  return generic;
}

/**
 * Live updates for the portal pages (issue 15 §2). While the tab is visible it keeps an EventSource open on `url`
 * (`/portal/events`); on a `change` event it waits {@link LIVE_DEBOUNCE_MS}, reloads the page's data through React
 * Router (`revalidate()`: the same access-checked loaders as a reload) and announces what changed in a polite live
 * region (`aria-live="polite"`). A hidden tab closes its stream (browsers allow six connections per site: several portal tabs must not hold
 * them all) and reloads once when it is shown again, as after a dropped connection, since events may have been missed.
 * Without JavaScript nothing of this runs and the live region is not even rendered (a page's own status message stays
 * its only one): the pages show the changes on reload.
 */
export function LiveUpdates({
  url,
  texts = LIVE_UPDATE_TEXT,
  generic = LIVE_UPDATE_GENERIC,
}: {
  url: string;
  /** What is said per kind of change (default: the portal's words); the job board passes its own. */
  texts?: Record<string, string>;
  generic?: string;
}) {
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  // The announcement belongs to the page it was made on: another page starts without it.
  const [notice, setNotice] = useState<{ text: string; pathname: string }>({ text: '', pathname });
  const message = notice.pathname === pathname ? notice.text : '';
  const hydrated = useHydrated();

  /** Reloads the page's data, then says what changed (cleared first, so the same sentence twice is announced twice). */
  const refresh = useEffectEvent(async (changes: Set<string>, isDisposed: () => boolean) => {
    await revalidate();
    const text = announcementFor(changes, texts, generic);
    if (!text || isDisposed()) return;
    setNotice({ text: '', pathname });
    requestAnimationFrame(() => !isDisposed() && setNotice({ text, pathname: window.location.pathname }));
  });

  useEffect(() => {
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = new Set<string>();
    let disposed = false;

    const flush = () => {
      timer = undefined;
      const changes = pending;
      pending = new Set();
      void refresh(changes, () => disposed);
    };
    const schedule = (change: string) => {
      pending.add(change);
      timer ??= setTimeout(flush, LIVE_DEBOUNCE_MS);
    };

    const open = (catchUp: boolean) => {
      let opened = false;
      source = new EventSource(url);
      source.addEventListener('open', () => {
        // A reconnect (the stream dropped, or the server ended it) may have missed events: reload once, silently.
        if (opened || catchUp) schedule('resync');
        opened = true;
        catchUp = false;
      });
      source.addEventListener('change', (event) => {
        let change = 'unknown';
        try {
          change = String(
            (JSON.parse((event as MessageEvent<string>).data) as { change?: unknown }).change ?? change,
          );
        } catch {
          /* keep 'unknown' */
        }
        schedule(change);
      });
    };
    const close = () => {
      source?.close();
      source = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') close();
      else if (!source) open(true);
    };

    if (document.visibilityState !== 'hidden') open(false);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      disposed = true;
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer);
      close();
    };
  }, [url]);

  // Inserted empty when the page hydrates, long before the first event can arrive: screen readers then announce what
  // is written into it later. A live region without role="status": the page's own status message (a form's answer)
  // stays the page's one status element.
  if (!hydrated) return null;
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className={
        message
          ? 'mb-4 rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900'
          : 'sr-only'
      }
    >
      {message}
    </div>
  );
}
