/**
 * The status page's one script (issue 15 §2). The page works without it (a reload shows the news); with it, the page
 * follows the work order live:
 *
 * - `[data-status-live]` names the page's event stream (`/status/{token}/events`). An EventSource listens there; each
 *   `change` event (debounced 250 ms, so a status and a date changed together cost one fetch) fetches the page again
 *   and swaps `[data-status-content]` for the new one. After the stream drops and comes back, the page is fetched
 *   once too, in case a change was missed meanwhile.
 * - Focus and scroll stay where they were: the focused link is found again in the new content (by id or href), or
 *   focus goes to the content itself; the scroll position is restored. "Status updated" is announced in the
 *   `[data-status-announce]` live region.
 * - When the fetched page is no longer a live status page (the link was reset or has expired), its content replaces
 *   this one and the stream is closed.
 * - `[data-status-live-note]` ("This page updates by itself…") is shown only when the script runs.
 * - `<html data-status-live="connected">` while the stream is open (browser tests wait for it).
 */

const DEBOUNCE_MS = 250;

function focusKey(el: Element | null, within: Element): string | null {
  if (!el || !within.contains(el) || el === within) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  const href = el.getAttribute('href');
  return href ? `${el.tagName.toLowerCase()}[href="${CSS.escape(href)}"]` : null;
}

function start() {
  const root = document.querySelector<HTMLElement>('[data-status-live]');
  const url = root?.dataset.statusLive;
  if (!root || !url || !('EventSource' in window)) return;
  const note = document.querySelector<HTMLElement>('[data-status-live-note]');
  if (note) note.hidden = false;
  const announce = document.querySelector<HTMLElement>('[data-status-announce]');

  const source = new EventSource(url);
  let timer: number | undefined;
  let running = false;
  let again = false;
  let opened = false;

  const say = (text: string) => {
    if (!announce) return;
    announce.textContent = '';
    // A fresh text node after a tick, so a second "Status updated" is read out too.
    window.setTimeout(() => (announce.textContent = text), 50);
  };

  const refresh = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const response = await fetch(window.location.href, { headers: { Accept: 'text/html' }, cache: 'no-store' });
      const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
      const next = doc.querySelector<HTMLElement>('[data-status-content]');
      const current = document.querySelector<HTMLElement>('[data-status-content]');
      if (!next || !current) return;
      const key = focusKey(document.activeElement, current);
      const hadFocus = current.contains(document.activeElement);
      const { scrollX, scrollY } = window;
      const adopted = document.adoptNode(next);
      current.replaceWith(adopted);
      if (doc.title) document.title = doc.title;
      window.scrollTo(scrollX, scrollY);
      if (hadFocus) {
        const target = (key && adopted.querySelector<HTMLElement>(key)) || adopted;
        target.focus({ preventScroll: true });
      }
      if (!doc.querySelector('[data-status-live]')) {
        source.close();
        delete document.documentElement.dataset.statusLive;
        if (note) note.hidden = true;
      }
      say(doc.querySelector('[data-status-live]') ? 'Status updated' : (adopted.querySelector('h1')?.textContent ?? 'Status updated'));
    } catch {
      // Offline for a moment: the next event (or the reconnect) tries again.
    } finally {
      running = false;
      if (again) {
        again = false;
        void refresh();
      }
    }
  };

  const schedule = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void refresh(), DEBOUNCE_MS);
  };

  source.addEventListener('change', schedule);
  source.addEventListener('open', () => {
    document.documentElement.dataset.statusLive = 'connected';
    if (opened) schedule(); // back after a drop: catch up on anything missed
    opened = true;
  });
  source.addEventListener('error', () => {
    if (document.documentElement.dataset.statusLive) document.documentElement.dataset.statusLive = 'reconnecting';
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();

export {}; // a module, so its top-level names stay its own
