// The promotion form (New and Edit): name, the kind and only that kind's fields, dates, stackable, and what it
// applies to. An error shows under its field.
import { FacetPicker, StylePicker, useFacets } from './scope-pickers.js';
import { KIND_LABELS, type PromotionFormErrors, type PromotionFormValues } from './promotion-rules.js';
import type { PromotionKind } from './types.js';

export interface PromotionFormProps {
  values: PromotionFormValues;
  errors: PromotionFormErrors;
  onChange: (values: PromotionFormValues) => void;
}

type TextKey = 'name' | 'percentOff' | 'buyQty' | 'getQty' | 'getPercentOff' | 'bundleQty' | 'bundlePrice' | 'startsOn' | 'endsOn';

export function PromotionForm({ values, errors, onChange }: PromotionFormProps) {
  const facets = useFacets();
  const set = (patch: Partial<PromotionFormValues>) => onChange({ ...values, ...patch });
  const field = (key: TextKey) => ({
    id: `promotion-${key}`,
    name: key,
    value: values[key],
    'aria-invalid': key in errors && errors[key as keyof PromotionFormErrors] ? true : undefined,
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });
  const error = (key: keyof PromotionFormErrors) =>
    errors[key] ? (
      <small className="field-error" data-error-for={key}>
        {errors[key]}
      </small>
    ) : null;

  return (
    <>
      <label htmlFor="promotion-name">
        Promotion Name *
        <input {...field('name')} type="text" maxLength={120} placeholder="e.g. Second pair 50%" autoComplete="off" />
        <small className="muted">Printed on the receipt as it is written here.</small>
        {error('name')}
      </label>
      <label htmlFor="promotion-kind">
        Kind of deal
        <select id="promotion-kind" name="kind" value={values.kind} onChange={(e) => set({ kind: e.target.value as PromotionKind })}>
          {(Object.keys(KIND_LABELS) as PromotionKind[]).map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      {values.kind === 'PERCENT_OFF' ? (
        <label htmlFor="promotion-percentOff">
          Percent off *
          <input {...field('percentOff')} type="text" inputMode="decimal" placeholder="e.g. 20" />
          {error('percentOff')}
        </label>
      ) : null}
      {values.kind === 'BUY_X_GET_Y' ? (
        <div className="grid">
          <label htmlFor="promotion-buyQty">
            Buy *
            <input {...field('buyQty')} type="text" inputMode="numeric" />
            {error('buyQty')}
          </label>
          <label htmlFor="promotion-getQty">
            Get *
            <input {...field('getQty')} type="text" inputMode="numeric" />
            {error('getQty')}
          </label>
          <label htmlFor="promotion-getPercentOff">
            % off the cheapest "get" items *
            <input {...field('getPercentOff')} type="text" inputMode="decimal" />
            <small className="muted">100 = free</small>
            {error('getPercentOff')}
          </label>
        </div>
      ) : null}
      {values.kind === 'BUNDLE_PRICE' ? (
        <div className="grid">
          <label htmlFor="promotion-bundleQty">
            Items in the bundle *
            <input {...field('bundleQty')} type="text" inputMode="numeric" />
            {error('bundleQty')}
          </label>
          <label htmlFor="promotion-bundlePrice">
            Bundle price ($) *
            <input {...field('bundlePrice')} type="text" inputMode="decimal" placeholder="0.00" />
            {error('bundlePrice')}
          </label>
        </div>
      ) : null}
      <div className="grid">
        <label htmlFor="promotion-startsOn">
          Starts on
          <input {...field('startsOn')} type="date" />
        </label>
        <label htmlFor="promotion-endsOn">
          Ends on
          <input {...field('endsOn')} type="date" />
          {error('endsOn')}
        </label>
      </div>
      <label htmlFor="promotion-stackable">
        <input id="promotion-stackable" type="checkbox" checked={values.stackable} onChange={(e) => set({ stackable: e.target.checked })} />
        Stackable: also applies on top of other promotions
      </label>
      <fieldset className="promo-scope">
        <legend>Applies to (nothing picked = all products)</legend>
        <div className="grid">
          <FacetPicker id="promotion-brands" label="Brands" options={facets.brands} value={values.brands} onChange={(brands) => set({ brands })} />
          <FacetPicker
            id="promotion-categories"
            label="Categories"
            options={facets.categories}
            value={values.categories}
            onChange={(categories) => set({ categories })}
          />
        </div>
        <StylePicker value={values.styles} onChange={(styles) => set({ styles })} />
        {values.productIds.length ? (
          <p className="muted">
            Also {values.productIds.length} {values.productIds.length === 1 ? 'product' : 'products'} picked by id.
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
