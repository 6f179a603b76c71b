/** What a route module may export as `handle`. */
export interface RouteHandle {
  /** false on marketing pages: the root layout leaves out the framework scripts (HTML-first). */
  hydrate?: boolean;
}
