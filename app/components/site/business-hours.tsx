import type { ShopInfo } from '~/content/shop';
import { formatHours } from '~/lib/hours';

/** "Business Hours" with the shop's hours from configuration (one source, DECISIONS 2), for About and Contact. */
export function BusinessHours({ shop }: { shop: ShopInfo }) {
  return (
    <>
      <h3 className="mt-4 font-bold text-navy-900">Business Hours</h3>
      <ul className="mt-1 text-slate-800">
        {formatHours(shop.openingHours, shop.hoursNote).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}
