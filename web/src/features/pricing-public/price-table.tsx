// The tier table (spec §9), static and prerendered. On a phone the table keeps its columns and scrolls
// sideways inside a labelled, focusable region rather than squeezing the prices.
import { useId } from 'react';
import { PRICE_ROWS, PRICE_TIERS, SUPPORT_BY_TIER, type PriceRowKind } from './price-list';

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
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
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
                  <td key={i} className="px-4 py-4 text-right font-mono text-slate-800 tabular-nums">
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
  );
}
