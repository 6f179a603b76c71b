import { Link, NavLink } from 'react-router';
import { MAIN_LINKS, SERVICE_LINKS } from '~/content/navigation';
import { telHref, type ShopInfo } from '~/content/shop';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-3 py-2 text-sm font-semibold hover:bg-navy-800 ${isActive ? 'text-white underline underline-offset-4' : 'text-slate-100'}`;

/**
 * Header: Home, About, Services dropdown (All Services + six pages), Contact, Repair Gallery, Financing, Customer Login.
 * The dropdown and the mobile menu use the Popover API, so outside click and Escape close them with no script.
 */
export function SiteHeader({ shop }: { shop: ShopInfo }) {
  const [home, about, ...rest] = MAIN_LINKS;
  return (
    <header className="bg-navy-900 text-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2 focus:text-navy-900">
        Skip to content
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-lg font-extrabold tracking-tight text-white">
          {shop.name}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavLink to={home.to} end className={linkClass}>
            {home.label}
          </NavLink>
          <NavLink to={about.to} className={linkClass}>
            {about.label}
          </NavLink>
          <button
            type="button"
            popoverTarget="services-menu"
            className="services-anchor rounded px-3 py-2 text-sm font-semibold text-slate-100 hover:bg-navy-800"
          >
            Services <span aria-hidden="true">▾</span>
          </button>
          <div id="services-menu" popover="auto" className="services-menu m-0 rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg">
            <ul className="min-w-64">
              <li>
                <Link to="/services" className="block rounded px-3 py-2 font-semibold hover:bg-slate-100">
                  All Services
                </Link>
              </li>
              {SERVICE_LINKS.map((s) => (
                <li key={s.to}>
                  <Link to={s.to} className="block rounded px-3 py-2 hover:bg-slate-100">
                    {s.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          {rest.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
          <Link to="/login" className="ml-2 rounded bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700">
            Customer Login
          </Link>
        </nav>
        <div className="flex items-center gap-2 lg:hidden">
          <a href={telHref(shop.phone)} className="rounded px-2 py-2 text-sm font-semibold text-white underline">
            Call
          </a>
          <button
            type="button"
            popoverTarget="mobile-menu"
            className="rounded border border-slate-400 px-3 py-2 text-sm font-semibold text-white"
          >
            Menu
          </button>
        </div>
        <div id="mobile-menu" popover="auto" className="mobile-menu m-0 w-full bg-white p-4 text-slate-900 shadow-xl">
          <nav aria-label="Mobile">
            <ul className="flex flex-col gap-1">
              {MAIN_LINKS.slice(0, 2).map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="block rounded px-3 py-3 font-semibold hover:bg-slate-100">
                    {l.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/services" className="block rounded px-3 py-3 font-semibold hover:bg-slate-100">
                  All Services
                </Link>
                <ul className="ml-4">
                  {SERVICE_LINKS.map((s) => (
                    <li key={s.to}>
                      <Link to={s.to} className="block rounded px-3 py-2 hover:bg-slate-100">
                        {s.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
              {MAIN_LINKS.slice(2).map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="block rounded px-3 py-3 font-semibold hover:bg-slate-100">
                    {l.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/login" className="mt-2 block rounded bg-brand-600 px-3 py-3 text-center font-bold text-white">
                  Customer Login
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
