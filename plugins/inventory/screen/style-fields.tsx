// The fields a style shares with all its sizes (Add Style and Edit Style); each error shows under its field.
import type { Facets } from './types.js';
import type { StyleFieldErrors, StyleFieldsValues } from './style-form-rules.js';
import { SellingPriceMode } from './price-mode-note.js';

export interface StyleFieldsProps<V extends StyleFieldsValues> {
  values: V;
  errors: StyleFieldErrors;
  onChange: (values: V) => void;
  facets?: Facets;
}

/** Name, brand, category, material, colour, cost, price, tax and reorder point. */
export function StyleFields<V extends StyleFieldsValues>({ values, errors, onChange, facets }: StyleFieldsProps<V>) {
  const field = (key: keyof StyleFieldsValues) => ({
    id: `style-${key}`,
    name: key,
    value: values[key],
    'aria-invalid': errors[key] ? true : undefined,
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value }),
  });
  const error = (key: keyof StyleFieldErrors) =>
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
      <div className="grid">
        <label htmlFor="style-item_name">
          Style Name *
          <input {...field('item_name')} type="text" required maxLength={200} placeholder="e.g. Nike Pegasus 41 Black" autoComplete="off" />
          {error('item_name')}
        </label>
        <label htmlFor="style-colour">
          Colour
          <input {...field('colour')} type="text" maxLength={100} placeholder="e.g. Black/White" autoComplete="off" />
          {error('colour')}
        </label>
      </div>
      <div className="grid">
        <label htmlFor="style-brand">
          Brand
          <input {...field('brand')} type="text" maxLength={100} list="style-brand-options" autoComplete="off" />
          {suggestions('style-brand-options', facets?.brands)}
          {error('brand')}
        </label>
        <label htmlFor="style-category">
          Category
          <input {...field('category')} type="text" maxLength={100} list="style-category-options" autoComplete="off" />
          {suggestions('style-category-options', facets?.categories)}
          {error('category')}
        </label>
        <label htmlFor="style-material">
          Material
          <input {...field('material')} type="text" maxLength={100} list="style-material-options" autoComplete="off" />
          {suggestions('style-material-options', facets?.materials)}
          {error('material')}
        </label>
      </div>
      <div className="grid">
        <label htmlFor="style-cost">
          Cost ($) *
          <input {...field('cost')} type="number" required min={0} step={0.01} inputMode="decimal" />
          {error('cost')}
        </label>
        <label htmlFor="style-selling_price">
          Selling Price ($) * <SellingPriceMode />
          <input {...field('selling_price')} type="number" required min={0} step={0.01} inputMode="decimal" />
          {error('selling_price')}
        </label>
        <label htmlFor="style-tax_rate">
          Tax Rate (%)
          <input {...field('tax_rate')} type="number" min={0} max={100} step={0.01} inputMode="decimal" />
          {error('tax_rate')}
        </label>
        <label htmlFor="style-reorder_point">
          Reorder Point
          <input {...field('reorder_point')} type="number" min={0} step={1} inputMode="numeric" placeholder="none" />
          {error('reorder_point')}
        </label>
      </div>
    </>
  );
}
