import { Form, Link, NavLink } from 'react-router';

export interface ShellLink {
  to: string;
  label: string;
  end?: boolean;
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 font-semibold ${isActive ? 'bg-white text-navy-900' : 'text-slate-100 hover:bg-navy-800'}`;

function LinkList({ links, className }: { links: readonly ShellLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.to}>
          <NavLink to={l.to} end={l.end} className={navClass}>
            {l.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The portal and back-office frame: a sidebar of links and a Log Out button (hidden on small screens, spec §2), with
 * the same links as a scrollable bar on phones so every page stays reachable.
 */
export function AppShell({
  title,
  links,
  userLabel,
  header,
  children,
}: {
  title: string;
  links: readonly ShellLink[];
  userLabel: string;
  /** Shown above every page's content (the back office's search box). */
  header?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 flex-col bg-navy-900 p-4 text-white md:flex">
        <Link to="/" className="text-lg font-extrabold">
          {title}
        </Link>
        <p className="mt-1 truncate text-sm text-slate-300">{userLabel}</p>
        <nav aria-label="Sidebar" className="mt-6 flex-1">
          <LinkList links={links} className="space-y-1" />
        </nav>
        <Form method="post" action="/logout">
          <button type="submit" className="w-full rounded border border-slate-300 px-3 py-2 font-semibold hover:bg-navy-800">
            Log Out
          </button>
        </Form>
      </aside>
      <div className="bg-navy-900 text-white md:hidden">
        <div className="flex items-center justify-between px-4 py-3">
          <Link to="/" className="font-extrabold">
            {title}
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className="rounded border border-slate-300 px-3 py-1 text-sm font-semibold">
              Log Out
            </button>
          </Form>
        </div>
        <nav aria-label="Sections" className="overflow-x-auto px-2 pb-2">
          <LinkList links={links} className="flex gap-1 whitespace-nowrap" />
        </nav>
      </div>
      <div className="min-w-0 flex-1">
        {header ? <header className="border-b border-slate-200 bg-white px-4 py-3 md:px-8">{header}</header> : null}
        <main id="main" className="min-w-0 p-4 md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
