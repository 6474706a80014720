// The scope pickers of the promotion form: brands and categories from the catalogue's facets (GET
// /api/products/facets, as the POS filters use them), styles found by a search over GET /api/styles. What is picked
// shows as chips a tap removes; nothing picked anywhere means every product.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { useDebounced } from '../../../ui/use-debounced.js';
import { useQuery } from '../../../ui/use-query.js';
import type { PickedStyle } from './promotion-rules.js';
import type { Facets, StyleList } from './types.js';

const MATCHES = 6;
const SEARCH_DELAY_MS = 200;

function Chips({ items, onRemove }: { items: { key: string; label: string }[]; onRemove: (key: string) => void }) {
  if (items.length === 0) return null;
  return (
    <div className="promo-chips">
      {items.map((i) => (
        <button key={i.key} type="button" className="secondary outline" aria-label={`Remove ${i.label}`} onClick={() => onRemove(i.key)}>
          {i.label} <span aria-hidden="true">×</span>
        </button>
      ))}
    </div>
  );
}

/** A dropdown of the catalogue's values (those not picked yet) and the picked ones as chips. */
export function FacetPicker({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: string[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const picked = new Set(value.map((v) => v.toLowerCase()));
  return (
    <div className="promo-picker">
      <label htmlFor={id}>
        {label}
        <select
          id={id}
          value=""
          onChange={(e) => {
            if (e.target.value) onChange([...value, e.target.value]);
          }}
        >
          <option value="">{value.length ? `Add another ${label.toLowerCase().replace(/s$/, '')}...` : `All ${label.toLowerCase()}`}</option>
          {options
            .filter((o) => !picked.has(o.toLowerCase()))
            .map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
        </select>
      </label>
      <Chips items={value.map((v) => ({ key: v, label: v }))} onRemove={(k) => onChange(value.filter((v) => v !== k))} />
    </div>
  );
}

/** The catalogue's brands and categories (an empty list while they load or when the call fails). */
export function useFacets() {
  const facets = useQuery(['promotions-facets'], () => api.get<Facets>('/api/products/facets'));
  return { brands: facets.data?.brands ?? [], categories: facets.data?.categories ?? [] };
}

/** A search over the styles; a tapped match is added as a chip. */
export function StylePicker({ value, onChange }: { value: PickedStyle[]; onChange: (v: PickedStyle[]) => void }) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const found = useQuery(['promotions-style-search', search], () =>
    search ? api.get<StyleList>('/api/styles', { search, pageSize: MATCHES }) : Promise.resolve(null),
  );
  const taken = new Set(value.map((s) => s.id));
  const matches = search && search === text.trim() ? (found.data?.styles ?? []).filter((s) => !taken.has(s.id)) : [];
  return (
    <div className="promo-picker">
      <label htmlFor="promotion-style-search">
        Styles
        <input
          id="promotion-style-search"
          type="search"
          autoComplete="off"
          placeholder="Search styles by name, brand or SKU..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault(); // picking never submits the form
          }}
        />
      </label>
      {matches.length > 0 ? (
        <ul className="promo-matches" aria-label="Matching styles">
          {matches.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="secondary outline"
                onClick={() => {
                  onChange([...value, { id: s.id, name: s.item_name }]);
                  setText('');
                }}
              >
                <strong>{s.item_name}</strong> <small>{[s.brand, s.colour].filter(Boolean).join(' · ')}</small>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Chips items={value.map((s) => ({ key: String(s.id), label: s.name }))} onRemove={(k) => onChange(value.filter((s) => String(s.id) !== k))} />
    </div>
  );
}
