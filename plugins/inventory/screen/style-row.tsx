// One style in the styles table: name, colour, price, total stock and its size grid; "Show sizes" opens a row
// under it with each size's SKU, barcode, stock and reorder point, and the size's actions.
import { money } from '../../../ui/format.js';
import { RowActions } from '../../../ui/components/data-table.js';
import { SizeGrid } from './size-grid.js';
import { SizeMatrix } from '../../../ui/components/size-grid.js';
import { gridLayout } from '../../../ui/components/size-grid-rules.js';
import { StyleBarcodeActions } from './style-barcode-actions.js';
import { effectiveReorderPoint, MARK_SYMBOL, MARK_TEXT, stockMark } from './stock-marks.js';
import type { Product, Style } from './types.js';

export interface StyleRowActions {
  onEditStyle: (style: Style) => void;
  onAddSizes: (style: Style) => void;
  onAdjust: (product: Product) => void;
  onHistory: (product: Product) => void;
  onEditProduct: (product: Product) => void;
  /** After 'Generate barcodes' (#30.3): the list is loaded again. */
  onBarcodesGenerated?: () => void;
}

export interface StyleRowProps extends StyleRowActions {
  style: Style;
  expanded: boolean;
  onToggle: () => void;
}

/** The number of columns of the styles table (the sizes row spans them all). */
export const STYLE_COLUMNS = ['Style', 'Colour', { label: 'Price', num: true }, { label: 'Stock', num: true }, 'Sizes', 'Actions'];

/** The style's row and, when expanded, its sizes row. */
export function StyleRow({ style, expanded, onToggle, ...actions }: StyleRowProps) {
  const details = [style.brand, style.category, style.material].filter(Boolean).join(' · ');
  const sizesId = `style-${style.id}-sizes`;
  return (
    <>
      <tr data-style-id={style.id}>
        <td>
          <strong>{style.item_name}</strong>
          {details ? (
            <>
              <br />
              <small className="muted">{details}</small>
            </>
          ) : null}
          {style.sku_prefix ? (
            <>
              <br />
              <small className="muted">{style.sku_prefix}</small>
            </>
          ) : null}
        </td>
        <td>{style.colour || 'N/A'}</td>
        <td className="num money">{money(style.selling_price)}</td>
        <td className={style.stock_qty === 0 ? 'num text-danger' : 'num'}>{style.stock_qty}</td>
        <td className="style-sizes-cell">
          <SizeGrid style={style} />
        </td>
        <RowActions>
          <button type="button" className="outline" aria-expanded={expanded} aria-controls={sizesId} onClick={onToggle}>
            {expanded ? 'Hide sizes' : 'Show sizes'}
          </button>
          <button type="button" className="outline" onClick={() => actions.onEditStyle(style)}>
            Edit Style
          </button>
          <button type="button" className="secondary outline" onClick={() => actions.onAddSizes(style)}>
            Add Sizes
          </button>
        </RowActions>
      </tr>
      {expanded ? (
        <tr className="style-sizes-row" id={sizesId}>
          <td colSpan={STYLE_COLUMNS.length}>
            <StyleSizes style={style} {...actions} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The sizes of one style: SKU, barcode, stock, reorder point and Adjust Stock / History / Edit. */
function StyleSizes({ style, onAdjust, onHistory, onEditProduct, onBarcodesGenerated }: { style: Style } & StyleRowActions) {
  if (style.products.length === 0) return <p className="muted">This style has no sizes yet. Use "Add Sizes".</p>;
  return (
    <>
      <StockGrid style={style} />
      <StyleBarcodeActions style={style} onGenerated={onBarcodesGenerated} />
      <table className="sizes-detail" aria-label={`Sizes of ${style.item_name}`}>
        <thead>
          <tr>
            <th scope="col">Size</th>
            <th scope="col">SKU</th>
            <th scope="col">Barcode</th>
            <th scope="col" className="num">
              Stock
            </th>
            <th scope="col" className="num">
              Reorder Point
            </th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {style.products.map((p) => {
            const mark = stockMark(p, style);
            const rp = effectiveReorderPoint(p, style);
            return (
              <tr key={p.id} data-product-id={p.id}>
                <th scope="row">{p.size ?? 'N/A'}</th>
                <td>{p.sku ?? 'N/A'}</td>
                <td>{p.barcode ?? <span className="muted">none</span>}</td>
                <td className={mark === 'ok' ? 'num' : `num stock-${mark}`}>
                  {p.stock_qty}
                  {mark !== 'ok' ? (
                    <>
                      {' '}
                      <span aria-hidden="true">{MARK_SYMBOL[mark]}</span>
                      <span className="visually-hidden">, {MARK_TEXT[mark]}</span>
                    </>
                  ) : null}
                </td>
                <td className="num">
                  {rp === null ? (
                    <span className="muted">none</span>
                  ) : p.reorder_point === null ? (
                    <>
                      {rp} <small className="muted">(style)</small>
                    </>
                  ) : (
                    rp
                  )}
                </td>
                <RowActions>
                  <button type="button" className="outline" aria-label={`Adjust Stock of size ${p.size ?? p.sku ?? p.id}`} onClick={() => onAdjust(p)}>
                    Adjust Stock
                  </button>
                  <button type="button" className="secondary outline" aria-label={`History of size ${p.size ?? p.sku ?? p.id}`} onClick={() => onHistory(p)}>
                    History
                  </button>
                  <button type="button" className="secondary outline" aria-label={`Edit size ${p.size ?? p.sku ?? p.id}`} onClick={() => onEditProduct(p)}>
                    Edit
                  </button>
                </RowActions>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** The style's stock overview: on hand per size (and colour), read-only. */
function StockGrid({ style }: { style: Style }) {
  const values = Object.fromEntries(style.products.map((p) => [p.id, String(p.stock_qty)]));
  return <SizeMatrix name={style.item_name} layout={gridLayout(style.products)} values={values} rowLabel="In stock" />;
}
