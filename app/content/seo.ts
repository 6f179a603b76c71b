/**
 * Meta tags of the marketing pages (issue 7 item 7): a unique title and description, the canonical URL and Open
 * Graph/Twitter tags, all built from `APP_URL` (the root loader's `appUrl`) so previews and search engines see the
 * public address, never the one the server happens to be reached at.
 */
import type { MetaDescriptor } from 'react-router';
import { pageMeta } from '~/lib/meta';

type MetaMatch = { id: string; data?: unknown } | undefined;

/** Route handle of every marketing page: the root layout leaves out the framework scripts (no hydration). */
export const MARKETING_HANDLE = { hydrate: false } as const;

export function marketingMeta(args: {
  matches: readonly MetaMatch[];
  location: { pathname: string };
  title: string;
  description: string;
  fullTitle?: boolean;
}): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === 'root')?.data as { appUrl?: string; shop?: { name: string } } | undefined;
  const appUrl = root?.appUrl ?? '';
  const url = `${appUrl}${args.location.pathname === '/' ? '/' : args.location.pathname.replace(/\/+$/, '')}`;
  const tags = pageMeta({ matches: args.matches, title: args.title, description: args.description, fullTitle: args.fullTitle });
  const titleTag = tags.find((t): t is { title: string } => 'title' in t);
  const title = titleTag?.title ?? args.title;
  return [
    ...tags,
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: root?.shop?.name ?? '' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: args.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: `${appUrl}/images/og-image.png` },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}
