/** What a route module may export as `handle`. */
export interface RouteHandle {
  /** false on marketing pages: the root layout leaves out the framework scripts (HTML-first). */
  hydrate?: boolean;
  /**
   * false on an HTML-first page that differs per visitor or changes over time (the status page): it is never kept in
   * the marketing page cache (app/server/page-cache.server.ts) and carries the request's CSP nonce.
   */
  pageCache?: boolean;
  /**
   * Which enhancement script an HTML-first page loads (app/enhance/): 'marketing' (the default), 'status' (the
   * status page's live updates) or 'book' (the booking page's slot picker, issue 16).
   */
  script?: 'marketing' | 'status' | 'book';
}
