import { Outlet } from 'react-router';
import { SiteFooter } from '~/components/site/site-footer';
import { SiteHeader } from '~/components/site/site-header';
import { StructuredData } from '~/components/site/structured-data';
import { useRootData } from '~/root';

/** Header, footer and the shop's structured data around every public page (marketing, login, register). */
export default function PublicLayout() {
  const { shop, appUrl } = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader shop={shop} />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter shop={shop} />
      <StructuredData shop={shop} appUrl={appUrl} />
    </div>
  );
}
