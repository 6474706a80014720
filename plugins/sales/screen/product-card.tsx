// One product on the POS: picture, name, size, brand, material, stock, price and the Add button.
import { money } from '../../../ui/format.js';
import { productThumb } from './product-filter.js';
import type { PosProduct } from './types.js';

/** A neutral picture for products without an image. */
function Placeholder() {
  return (
    <svg className="pos-thumb pos-thumb-empty" viewBox="0 0 64 48" role="img" aria-label="No image">
      <rect width="64" height="48" rx="4" fill="#eef0f3" />
      <path d="M10 36 l12 -14 l9 10 l6 -6 l17 10 z" fill="#c9ced6" />
      <circle cx="45" cy="15" r="5" fill="#c9ced6" />
    </svg>
  );
}

/** A product card; Add reads 'Out of Stock' and is disabled at stock 0. */
export function ProductCard({ product, onAdd }: { product: PosProduct; onAdd: (p: PosProduct) => void }) {
  const thumb = productThumb(product);
  const out = product.stock_qty <= 0;
  return (
    <article className="pos-card" data-product-id={product.id} data-sku={product.sku ?? ''}>
      {thumb ? <img className="pos-thumb" src={thumb} alt={product.item_name} loading="lazy" /> : <Placeholder />}
      <div className="pos-card-body">
        <h4 className="pos-card-name">{product.item_name}</h4>
        <small className="pos-card-meta">
          {product.size ? <span>Size {product.size}</span> : null}
          {product.brand ? <span>{product.brand}</span> : null}
          {product.material ? <span>{product.material}</span> : null}
        </small>
        <small className={out ? 'pos-stock pos-stock-out' : 'pos-stock'}>Stock: {product.stock_qty}</small>
        <div className="pos-card-foot">
          <strong className="pos-price">{money(product.selling_price)}</strong>
          <button type="button" disabled={out} onClick={() => onAdd(product)}>{out ? 'Out of Stock' : 'Add'}</button>
        </div>
      </div>
    </article>
  );
}
