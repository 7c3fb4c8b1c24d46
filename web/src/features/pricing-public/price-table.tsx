// The tier table of the marketing price list, static and prerendered. Phones get the same figures as one card per
// product (tiers in a 2x2 grid) instead of a table scrolling sideways with three of its four prices out of view.
import { useId } from 'react';
import { PRICE_ROWS, PRICE_TIERS, SUPPORT_BY_TIER, type PriceRow, type PriceRowKind } from './price-list';

interface PriceTableProps {
  /** Which rows to show; all of them when omitted. */
  kinds?: PriceRowKind[];
  caption?: string;
  showSupport?: boolean;
}

export function PriceTable({ kinds, caption = 'Price per piece, including print and postage', showSupport = false }: PriceTableProps) {
  const captionId = useId();
  const rows = kinds ? PRICE_ROWS.filter((r) => kinds.includes(r.kind)) : PRICE_ROWS;
  return (
    <>
      <PriceCards rows={rows} caption={caption} showSupport={showSupport} />
      <div className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption id={captionId} className="border-b border-slate-200 bg-slate-50 px-6 py-4 text-left text-base font-semibold text-slate-900">
              {caption}
              <span className="mt-1 block text-sm font-normal text-slate-600">Monthly aggregate pieces across all products</span>
            </caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="px-6 py-3 font-semibold">
                  Product
                </th>
                {PRICE_TIERS.map((t) => (
                  <th key={t} scope="col" className="px-4 py-3 text-right font-semibold whitespace-nowrap">
                    {t}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.product} className="hover:bg-slate-50">
                  <th scope="row" className="px-6 py-4 font-medium text-slate-900">
                    {row.product}
                  </th>
                  {row.prices.map((p, i) => (
                    <td key={i} className="px-4 py-4 text-right font-medium text-slate-800 tabular-nums">
                      {p}
                    </td>
                  ))}
                </tr>
              ))}
              {showSupport ? (
                <tr className="bg-brand-50/50">
                  <th scope="row" className="px-6 py-4 font-medium text-slate-900">
                    Support
                  </th>
                  {SUPPORT_BY_TIER.map((s, i) => (
                    <td key={i} className="px-4 py-4 text-right text-slate-700">
                      {s}
                    </td>
                  ))}
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}

function PriceCards({ rows, caption, showSupport }: { rows: readonly PriceRow[]; caption: string; showSupport: boolean }) {
  return (
    <div className="space-y-4 md:hidden">
      <p className="font-semibold text-slate-900">
        {caption}
        <span className="mt-1 block text-sm font-normal text-slate-600">By monthly aggregate pieces across all products</span>
      </p>
      <ul className="space-y-4">
        {rows.map((row) => (
          <li key={row.product} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h3 className="font-semibold text-slate-900">{row.product}</h3>
            <dl className="mt-3 grid grid-cols-2 gap-3">
              {row.prices.map((p, i) => (
                <div key={i} className="rounded-lg bg-slate-50 px-3 py-2">
                  <dt className="text-xs font-medium text-slate-600">{PRICE_TIERS[i]} pieces</dt>
                  <dd className="text-lg font-bold text-slate-900 tabular-nums">{p}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        {showSupport ? (
          <li className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
            <h3 className="font-semibold text-slate-900">Support</h3>
            <dl className="mt-3 grid gap-2 text-sm">
              {SUPPORT_BY_TIER.map((support, i) => (
                <div key={i} className="rounded-lg bg-white px-3 py-2">
                  <dt className="text-xs font-medium text-slate-600">{PRICE_TIERS[i]} pieces</dt>
                  <dd className="font-semibold text-slate-900">{support}</dd>
                </div>
              ))}
            </dl>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
