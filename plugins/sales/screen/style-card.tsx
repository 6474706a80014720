// One style on the POS: photo, name, brand, colour, material, the price with GST (prominent: IRAS asks shops to
// show GST-inclusive prices) and, when prices are stored before GST, that price small beside it; the sizes are the Add buttons.
import { money } from '../../../ui/format.js';
import { priceWithGst as centsWithGst, rateToBps, toCents, toDollars } from '../../../core/money.js';
import type { PriceMode } from './price-mode.js';
import { styleThumb } from './product-filter.js';
import type { StyleCard as Card } from './use-catalogue.js';
import type { PosProduct } from './types.js';

/** A neutral picture for styles without a photo. */
function Placeholder() {
  return (
    <svg className="pos-thumb pos-thumb-empty" viewBox="0 0 64 48" role="img" aria-label="No image">
      <rect width="64" height="48" rx="4" fill="#eef0f3" />
      <path d="M10 36 l12 -14 l9 10 l6 -6 l17 10 z" fill="#c9ced6" />
      <circle cx="45" cy="15" r="5" fill="#c9ced6" />
    </svg>
  );
}

/** The price a customer pays for one unit, GST included (dollars): the stored price when it includes GST, else price + GST, half-up. */
export function priceWithGst(price: number, mode: PriceMode): number {
  return toDollars(centsWithGst(toCents(price), rateToBps(mode.gstRate), mode.pricesIncludeGst));
}

/** The price as shown for sale: the GST-inclusive price, and the before-GST price small beside it when prices are stored before GST. */
export function ShelfPrice({ price, mode, className }: { price: number; mode: PriceMode; className: string }) {
  return (
    <>
      <strong className={className}>{money(priceWithGst(price, mode))}</strong>
      {mode.pricesIncludeGst ? null : <small className="pos-price-gst">before GST {money(price)}</small>}
    </>
  );
}

/** The size button's accessible name: the SPEC's Add button, named for the style and size. */
export function addLabel(p: PosProduct): string {
  const name = `Add to cart: ${p.item_name}${p.size ? ` ${p.size}` : ''}`;
  return p.stock_qty <= 0 ? `${name}, Out of Stock` : name;
}

/** One size: its size and stock; disabled and reading 'Out of Stock' at stock 0. */
function SizeButton({ product, stylePrice, mode, onAdd }: { product: PosProduct; stylePrice: number; mode: PriceMode | null; onAdd: (p: PosProduct) => void }) {
  const out = product.stock_qty <= 0;
  return (
    <button
      type="button"
      className={out ? 'size-btn size-out' : 'size-btn'}
      disabled={out}
      aria-label={addLabel(product)}
      data-product-id={product.id}
      data-sku={product.sku ?? ''}
      onClick={() => onAdd(product)}
    >
      <span className="size-btn-size">{product.size || 'One size'}</span>
      <span className="size-btn-stock">{out ? 'Out of Stock' : `Stock: ${product.stock_qty}`}</span>
      {product.selling_price !== stylePrice && mode ? <span className="size-btn-price">{money(priceWithGst(product.selling_price, mode))}</span> : null}
    </button>
  );
}

/** A style card; `mode` null while the server has not said its GST rate and price mode (the prices wait). */
export function StyleCard({ card, mode, onAdd }: { card: Card; mode: PriceMode | null; onAdd: (p: PosProduct) => void }) {
  const { style, sizes } = card;
  const photo = styleThumb(style);
  return (
    <article className="pos-card" data-style-id={style.id}>
      {photo ? <img className="pos-thumb" src={photo} alt={style.item_name} loading="lazy" /> : <Placeholder />}
      <div className="pos-card-body">
        <h4 className="pos-card-name">{style.item_name}</h4>
        <small className="pos-card-meta">
          {style.brand ? <span>{style.brand}</span> : null}
          {style.colour ? <span>{style.colour}</span> : null}
          {style.material ? <span>{style.material}</span> : null}
        </small>
        <div className="pos-price-row">{mode ? <ShelfPrice price={style.selling_price} mode={mode} className="pos-price" /> : null}</div>
        {/* biome-ignore lint/a11y/useSemanticElements: Pico CSS lays out role="group" (joined controls); a fieldset would bring Pico's fieldset margin and width instead */}
        <div className="size-buttons" role="group" aria-label={`Sizes of ${style.item_name}`}>
          {sizes.map((p) => (
            <SizeButton key={p.id} product={p} stylePrice={style.selling_price} mode={mode} onAdd={onAdd} />
          ))}
        </div>
      </div>
    </article>
  );
}
