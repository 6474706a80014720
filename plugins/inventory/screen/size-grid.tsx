// A style's sizes at a glance: one chip per size with its stock; sold-out and low sizes carry a symbol too.
import { MARK_SYMBOL, MARK_TEXT, stockMark } from './stock-marks.js';
import type { Style } from './types.js';
import { usePricesIncludeGst } from './price-mode-note.js';

/** The size x stock grid of one style (sizes in the server's size order). */
export function SizeGrid({ style }: { style: Style }) {
  if (style.products.length === 0) return <span className="muted">No sizes</span>;
  return (
    <ul className="size-grid" aria-label={`Stock by size of ${style.item_name}`}>
      {style.products.map((p) => {
        const mark = stockMark(p, style);
        const label = `Size ${p.size ?? 'N/A'}: ${p.stock_qty} in stock${mark === 'ok' ? '' : `, ${MARK_TEXT[mark]}`}`;
        return (
          <li key={p.id} className={`size-chip size-${mark}`} title={label} data-size={p.size ?? ''}>
            <span className="size-chip-size">{p.size ?? 'N/A'}</span>
            <span className="size-chip-qty" aria-hidden="true">
              {p.stock_qty}
              {MARK_SYMBOL[mark] ? ` ${MARK_SYMBOL[mark]}` : ''}
            </span>
            <span className="visually-hidden">
              : {p.stock_qty} in stock{mark === 'ok' ? '' : `, ${MARK_TEXT[mark]}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The key to the grid's symbols, shown once under the list. */
export function SizeGridLegend() {
  return (
    <p className="muted size-legend">
      <small>
        Stock by size:{' '}
        <span className="size-chip size-out" aria-hidden="true">
          ✕
        </span>{' '}
        out of stock,{' '}
        <span className="size-chip size-low" aria-hidden="true">
          !
        </span>{' '}
        low (at or below the reorder point).
        {usePricesIncludeGst() ? 'Prices include GST, as in the product table.' : 'Prices are before GST, as in the product table.'}
      </small>
    </p>
  );
}
