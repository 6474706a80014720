// Which products a promotion covers (pure). A scope lists brands, categories, styles and products; a product is in
// it when it passes every dimension that lists something: its brand is one of the brands (if any are listed), its
// category one of the categories (if any), and it is one of the listed styles or products (if any are listed:
// styles and products are one list of picked items). An empty scope covers every product.

export interface Scope {
  brands: string[];
  categories: string[];
  style_ids: number[];
  product_ids: number[];
}

/** What the scope looks at of a product (inventory's row has these). */
export interface ScopedProduct {
  id: number;
  brand: string | null;
  category: string | null;
  style_id: number;
}

export const EMPTY_SCOPE: Scope = { brands: [], categories: [], style_ids: [], product_ids: [] };

// Brands and categories compare as the catalogue stores them: without case (COLLATE NOCASE).
const fold = (s: string | null) => (s ?? '').trim().toLowerCase();

export function inScope(scope: Scope, p: ScopedProduct): boolean {
  if (scope.brands.length > 0 && !scope.brands.some((b) => fold(b) === fold(p.brand))) return false;
  if (scope.categories.length > 0 && !scope.categories.some((c) => fold(c) === fold(p.category))) return false;
  if (scope.style_ids.length + scope.product_ids.length > 0) return scope.style_ids.includes(p.style_id) || scope.product_ids.includes(p.id);
  return true;
}

/** The scope stored as JSON, read back whatever keys it lacks. */
export function parseScope(json: string): Scope {
  const raw = JSON.parse(json) as Partial<Scope>;
  return { brands: raw.brands ?? [], categories: raw.categories ?? [], style_ids: raw.style_ids ?? [], product_ids: raw.product_ids ?? [] };
}
