import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useFetcher, useLocation } from 'react-router';
import { SEARCH_MAX_LENGTH, type SearchHit, type SearchResults } from '~/lib/schemas/search';

const GROUPS = [
  { key: 'customers', title: 'Customers' },
  { key: 'vehicles', title: 'Vehicles' },
  { key: 'workOrders', title: 'Work orders' },
] as const;

/** How long typing must pause before the results are fetched (ms). */
const DEBOUNCE_MS = 200;

/**
 * The search's groups as headed lists of links (the results page, and the header box's results as you type). Empty
 * groups are left out; when there is nothing, the results' message is shown instead.
 */
export function SearchResultGroups({
  results,
  headingLevel,
  onOpen,
}: {
  results: SearchResults;
  headingLevel: 2 | 3;
  onOpen?: () => void;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const groups = GROUPS.map((g) => ({ ...g, hits: results[g.key] as SearchHit[] })).filter((g) => g.hits.length > 0);
  if (groups.length === 0) return <p className="text-slate-700">{results.message}</p>;
  return (
    <div className="space-y-4">
      {groups.map((g) => (
        <section key={g.key} aria-label={g.title}>
          <Heading className={headingLevel === 2 ? 'text-xl font-bold text-navy-900' : 'text-sm font-bold uppercase text-slate-700'}>
            {g.title}
          </Heading>
          <ul className="mt-1 divide-y divide-slate-200">
            {g.hits.map((hit) => (
              <li key={hit.id}>
                <Link to={hit.href} onClick={onOpen} className="block px-2 py-2 hover:bg-slate-100 focus:bg-slate-100">
                  <span className="font-semibold text-brand-700 underline">{hit.label}</span>
                  <span className="block text-sm text-slate-700">{hit.detail}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** True when a key press is typing into something (the `/` shortcut must not steal it). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The back-office header's search box (issue 17 §5). Without JavaScript it is a GET form to `/admin/search`. With it:
 * `/` focuses the box (unless the user is typing in a field), and typing shows the results below it, fetched from
 * `/admin/search/results` after a short pause; Escape closes them; Enter opens the full results page.
 */
export function HeaderSearch() {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const fetcher = useFetcher<SearchResults>();
  const location = useLocation();
  const [value, setValue] = useState('');
  // Open for the page it was opened on: a new page (a result followed) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const setOpen = (value: boolean) => setOpenOn(value ? location.key : null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const { load } = fetcher;
  useEffect(() => {
    const q = value.trim();
    if (!q) return;
    const timer = setTimeout(() => load(`/admin/search/results?${new URLSearchParams({ q })}`), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, load]);

  const results = value.trim() ? fetcher.data : undefined;
  const count = results ? results.customers.length + results.vehicles.length + results.workOrders.length : 0;
  const showPanel = open && value.trim() !== '' && results !== undefined;
  return (
    <Form
      method="get"
      action="/admin/search"
      role="search"
      className="relative w-full max-w-md"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          inputRef.current?.focus();
        } else if (e.key === 'ArrowDown' && e.target === inputRef.current && showPanel) {
          e.preventDefault();
          panelRef.current?.querySelector<HTMLAnchorElement>('a')?.focus();
        }
      }}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        Search everything
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={`${id}-q`}
          type="search"
          name="q"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          maxLength={SEARCH_MAX_LENGTH * 2}
          autoComplete="off"
          placeholder="Search (press /)"
          aria-describedby={`${id}-status`}
          aria-controls={`${id}-panel`}
          className="block w-full rounded border border-slate-400 bg-white px-3 py-2 text-slate-900"
        />
        <button type="submit" className="rounded bg-navy-900 px-3 py-2 font-semibold text-white hover:bg-navy-800">
          Search
        </button>
      </div>
      <p id={`${id}-status`} role="status" className="sr-only">
        {showPanel ? (count > 0 ? `${count} results. Press the down arrow to reach them.` : (results?.message ?? '')) : ''}
      </p>
      <div
        ref={panelRef}
        id={`${id}-panel`}
        hidden={!showPanel}
        className="absolute left-0 right-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded border border-slate-300 bg-white p-3 shadow-lg"
      >
        {showPanel && results ? (
          <>
            <SearchResultGroups results={results} headingLevel={3} onOpen={() => setOpen(false)} />
            <p className="mt-3 border-t border-slate-200 pt-2 text-sm">
              <Link to={`/admin/search?${new URLSearchParams({ q: value.trim() })}`} className="font-semibold text-brand-700 underline" onClick={() => setOpen(false)}>
                All results for “{value.trim()}”
              </Link>
            </p>
          </>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * A customer picker's search field (issue 17 §5): a labelled text field named `customerQuery` in the picker's GET form,
 * with a Search button that reloads the page with `?customerQuery=` (no JavaScript needed). With JavaScript, typing
 * fetches matching customers (`/admin/search/results?scope=customers`) and hands them to `onResults`, so the picker's
 * list follows the typing.
 */
export function CustomerSearchField({
  id,
  defaultValue,
  onResults,
  buttonName = 'customerSearch',
  serverMessage = null,
}: {
  id: string;
  defaultValue: string;
  /** The message of the search the page was loaded with (no matches), shown until the user types. */
  serverMessage?: string | null;
  onResults: (customers: { id: string; name: string; email: string | null }[]) => void;
  buttonName?: string;
}) {
  const fetcher = useFetcher<SearchResults>();
  const [value, setValue] = useState(defaultValue);
  const [typed, setTyped] = useState(false);
  const { load } = fetcher;
  useEffect(() => {
    const q = value.trim();
    if (!typed || !q) return;
    const timer = setTimeout(() => load(`/admin/search/results?${new URLSearchParams({ q, scope: 'customers' })}`), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, typed, load]);
  const data = fetcher.data;
  useEffect(() => {
    if (data) onResults(data.customers.map((c) => ({ id: c.id, name: c.label, email: c.email ?? null })));
    // onResults is a setter-like callback from the parent; only new data should call it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  const message =
    typed && value.trim() && data ? (data.customers.length > 0 ? `${data.customers.length} customers found` : data.message) : typed ? '' : (serverMessage ?? '');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Find by name, phone or e-mail
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="search"
          name="customerQuery"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setTyped(true);
          }}
          onKeyDown={(e) => {
            // Enter in the search field searches (reloads the list), rather than submitting the picker's choice.
            if (e.key === 'Enter') {
              e.preventDefault();
              e.currentTarget.form?.querySelector<HTMLButtonElement>(`button[name="${buttonName}"]`)?.click();
            }
          }}
          maxLength={SEARCH_MAX_LENGTH * 2}
          autoComplete="off"
          aria-describedby={`${id}-status`}
          className="block w-full rounded border border-slate-400 bg-white px-3 py-2"
        />
        <button type="submit" name={buttonName} value="1" formNoValidate className="rounded border-2 border-slate-400 bg-white px-3 py-2 font-semibold text-slate-800 hover:bg-slate-50">
          Search
        </button>
      </div>
      <p id={`${id}-status`} role="status" className="mt-1 text-sm text-slate-700">
        {message}
      </p>
    </div>
  );
}

/**
 * The choices a customer picker shows: those the page was loaded with, or, once the user types, the results as they
 * come ({@link CustomerSearchField}'s `onResults`). A new page load shows its own list again.
 */
export function usePickerChoices<T>(loaded: T[]): { options: T[]; live: boolean; setResults: (list: T[]) => void } {
  const [results, setResultsState] = useState<{ for: T[]; list: T[] } | null>(null);
  const live = results !== null && results.for === loaded;
  return { options: live ? results.list : loaded, live, setResults: (list) => setResultsState({ for: loaded, list }) };
}
