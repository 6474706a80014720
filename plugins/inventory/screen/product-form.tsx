// The product form fields (Add and Edit). Category, brand, size and material suggest the values in use.
import type { Facets } from './types.js';
import type { ProductFormErrors, ProductFormValues } from './product-form-rules.js';
import { SellingPriceMode } from './price-mode-note.js';

export interface ProductFormProps {
  values: ProductFormValues;
  errors: ProductFormErrors;
  onChange: (values: ProductFormValues) => void;
  facets?: Facets;
}

/** The product fields; each error shows under its field. */
export function ProductForm({ values, errors, onChange, facets }: ProductFormProps) {
  const field = (key: keyof ProductFormValues) => ({
    id: `product-${key}`,
    name: key,
    value: values[key],
    'aria-invalid': errors[key] ? true : undefined,
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value }),
  });
  const error = (key: keyof ProductFormValues) =>
    errors[key] ? (
      <small className="field-error" data-error-for={key}>
        {errors[key]}
      </small>
    ) : null;
  const suggestions = (id: string, options: string[] | undefined) => (
    <datalist id={id}>
      {(options ?? []).map((o) => (
        <option key={o} value={o} />
      ))}
    </datalist>
  );

  return (
    <>
      <label htmlFor="product-item_name">
        Product Name *
        <input {...field('item_name')} type="text" required maxLength={200} placeholder="e.g. Nike Air Force 1 White" autoComplete="off" />
        {error('item_name')}
      </label>
      <div className="grid">
        <label htmlFor="product-sku">
          SKU
          <input {...field('sku')} type="text" maxLength={64} placeholder="e.g. NK-AF1-WHT-42" autoComplete="off" />
          {error('sku')}
        </label>
        <label htmlFor="product-size">
          Size
          <input {...field('size')} type="text" maxLength={100} list="product-size-options" placeholder="e.g. 42 or UK 8" autoComplete="off" />
          {suggestions('product-size-options', facets?.sizes)}
          {error('size')}
        </label>
      </div>
      <div className="grid">
        <label htmlFor="product-category">
          Category
          <input {...field('category')} type="text" maxLength={100} list="product-category-options" autoComplete="off" />
          {suggestions('product-category-options', facets?.categories)}
          {error('category')}
        </label>
        <label htmlFor="product-brand">
          Brand
          <input {...field('brand')} type="text" maxLength={100} list="product-brand-options" autoComplete="off" />
          {suggestions('product-brand-options', facets?.brands)}
          {error('brand')}
        </label>
        <label htmlFor="product-material">
          Material
          <input {...field('material')} type="text" maxLength={100} list="product-material-options" autoComplete="off" />
          {suggestions('product-material-options', facets?.materials)}
          {error('material')}
        </label>
      </div>
      <div className="grid">
        <label htmlFor="product-cost">
          Cost ($) *
          <input {...field('cost')} type="number" required min={0} step={0.01} inputMode="decimal" />
          {error('cost')}
        </label>
        <label htmlFor="product-selling_price">
          Selling Price ($) * <SellingPriceMode />
          <input {...field('selling_price')} type="number" required min={0} step={0.01} inputMode="decimal" />
          {error('selling_price')}
        </label>
      </div>
      <div className="grid">
        <label htmlFor="product-stock_qty">
          Stock Quantity *
          <input {...field('stock_qty')} type="number" required min={0} step={1} inputMode="numeric" />
          {error('stock_qty')}
        </label>
        <label htmlFor="product-tax_rate">
          Tax Rate (%)
          <input {...field('tax_rate')} type="number" min={0} max={100} step={0.01} inputMode="decimal" />
          {error('tax_rate')}
        </label>
      </div>
      <div className="grid">
        <label htmlFor="product-colour">
          Colour
          <input {...field('colour')} type="text" maxLength={100} autoComplete="off" />
          {error('colour')}
        </label>
        <label htmlFor="product-barcode">
          Barcode
          {/* A scanner types the code and Enter: the Enter stays in the field (the form is saved with Save). */}
          <input
            {...field('barcode')}
            type="text"
            maxLength={48}
            placeholder="scan or type (EAN-13, UPC)"
            autoComplete="off"
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          />
          {error('barcode')}
        </label>
        <label htmlFor="product-reorder_point">
          Reorder Point
          <input {...field('reorder_point')} type="number" min={0} step={1} inputMode="numeric" placeholder="style's" />
          {error('reorder_point')}
        </label>
      </div>
    </>
  );
}
