// Top 10 categories, top 10 products by revenue, top 5 products by quantity with See More for all.
import { useState } from 'react';
import { money } from '../../../ui/format.js';
import { percentText } from './format.js';
import type { SalesReport } from './types.js';

export const TOP_CATEGORIES = 10;
export const TOP_BY_REVENUE = 10;
export const TOP_BY_QTY = 5;

/** The three top lists side by side (stacked on narrow screens). */
export function TopLists({ report }: { report: SalesReport }) {
  const [allByQty, setAllByQty] = useState(false);
  const categories = report.top_categories.slice(0, TOP_CATEGORIES);
  const categoryTotal = report.top_categories.reduce((s, c) => s + c.revenue, 0);
  const byRevenue = Object.entries(report.top_products).slice(0, TOP_BY_REVENUE);
  const byQty = allByQty ? report.top_products_by_qty : report.top_products_by_qty.slice(0, TOP_BY_QTY);
  return (
    <div className="report-tops">
      <section className="report-section top-categories">
        <h3>Top Categories</h3>
        <table>
          <thead>
            <tr>
              <th>Category</th>
              <th className="num">Qty</th>
              <th className="num">Revenue</th>
              <th className="num">Share</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c.category}>
                <td>{c.category}</td>
                <td className="num">{c.qty}</td>
                <td className="num">{money(c.revenue)}</td>
                <td className="num">{percentText(c.revenue, categoryTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="report-section top-products">
        <h3>Top Products by Revenue</h3>
        <table>
          <thead>
            <tr>
              <th>Product</th>
              <th className="num">Qty</th>
              <th className="num">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {byRevenue.map(([name, p]) => (
              <tr key={name}>
                <td>{name}</td>
                <td className="num">{p.qty}</td>
                <td className="num">{money(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="report-section top-by-qty">
        <h3>Top Products by Quantity</h3>
        <table>
          <thead>
            <tr>
              <th>Product</th>
              <th className="num">Qty</th>
              <th className="num">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {byQty.map((p) => (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td className="num">{p.qty}</td>
                <td className="num">{money(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {report.top_products_by_qty.length > TOP_BY_QTY ? (
          <button type="button" className="secondary outline see-more no-print" onClick={() => setAllByQty((v) => !v)}>
            {allByQty ? 'Show Less' : 'See More'}
          </button>
        ) : null}
      </section>
      <p className="muted small-note">Product and category revenue: line totals after line discounts, before invoice discounts, excluding GST.</p>
    </div>
  );
}
