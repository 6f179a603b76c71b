import type { MetaDescriptor } from 'react-router';
import type { ShopInfo } from '~/content/shop';

type MetaMatch = { id: string; data?: unknown } | undefined;

/** The shop facts from the root loader, as seen by a `meta` function. */
export function shopFromMatches(matches: readonly MetaMatch[]): ShopInfo | undefined {
  const root = matches.find((m) => m?.id === 'root')?.data as { shop?: ShopInfo } | undefined;
  return root?.shop;
}

/** Title "<page> | <shop name>" (or a full title as given) and description; `noindex` for portal and admin. */
export function pageMeta(options: {
  matches: readonly MetaMatch[];
  title: string;
  description?: string;
  fullTitle?: boolean;
  noindex?: boolean;
}): MetaDescriptor[] {
  const name = shopFromMatches(options.matches)?.name ?? 'C.A.R.S Collision & Refinish';
  const title = options.fullTitle ? options.title : `${options.title} | ${name}`;
  const tags: MetaDescriptor[] = [{ title }];
  if (options.description) tags.push({ name: 'description', content: options.description });
  if (options.noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' });
  return tags;
}
