// The style x size grid's pure rules (kept apart for tests): laying out a style's sizes as colour rows and size
// columns, the totals, and where Enter / the arrow keys move the cursor.

/** What the grid needs of one size (a product): its id, size and colour. */
export interface GridProduct {
  id: number;
  size: string | null;
  colour: string | null;
}

/** The grid's shape: size columns in order, one row per colour; ids[r][c] is the product, or null (no such size). */
export interface GridLayout {
  sizes: string[];
  colours: string[];
  ids: (number | null)[][];
}

/** The heading of the one row of a style without colours. */
export const NO_COLOUR = 'All';

/**
 * The grid of some sizes, given in size order (the server's order): columns are the sizes in first-seen order,
 * rows the colours in first-seen order (one row when none has a colour).
 */
export function gridLayout(products: GridProduct[]): GridLayout {
  const sizes: string[] = [];
  const colours: string[] = [];
  for (const p of products) {
    const size = p.size ?? 'N/A';
    const colour = p.colour?.trim() || NO_COLOUR;
    if (!sizes.includes(size)) sizes.push(size);
    if (!colours.includes(colour)) colours.push(colour);
  }
  const ids = colours.map(() => sizes.map(() => null as number | null));
  for (const p of products) {
    const r = colours.indexOf(p.colour?.trim() || NO_COLOUR);
    const c = sizes.indexOf(p.size ?? 'N/A');
    if (ids[r]![c] === null) ids[r]![c] = p.id;
  }
  return { sizes, colours, ids };
}

/** A typed quantity as a whole number (blank or not a number = 0). */
export function cellQty(text: string | undefined): number {
  const t = (text ?? '').trim();
  return /^\d{1,7}$/.test(t) ? Number(t) : 0;
}

/** The totals of the grid: per row, per column and all. */
export function gridTotals(layout: GridLayout, values: Record<number, string>) {
  const rows = layout.ids.map((row) => row.reduce<number>((s, id) => s + (id === null ? 0 : cellQty(values[id])), 0));
  const cols = layout.sizes.map((_, c) => layout.ids.reduce<number>((s, row) => s + (row[c] === null ? 0 : cellQty(values[row[c]!])), 0));
  return { rows, cols, all: rows.reduce((s, n) => s + n, 0) };
}

/** A key that moves the cursor. */
export type MoveKey = 'Enter' | 'ArrowRight' | 'ArrowLeft' | 'ArrowUp' | 'ArrowDown';

/**
 * Where a key moves from cell [r, c], skipping cells that cannot be typed in (`enabled` false), or null
 * when there is nowhere to go. Enter reads like a spreadsheet row: right along the row, then the next row's first
 * cell; arrows move one cell that way (left/right continue over row ends, up/down stay in the column).
 */
export function nextCell(layout: GridLayout, enabled: (r: number, c: number) => boolean, r: number, c: number, key: MoveKey): [number, number] | null {
  const rows = layout.ids.length;
  const cols = layout.sizes.length;
  const ok = (rr: number, cc: number) => layout.ids[rr]?.[cc] != null && enabled(rr, cc);
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const step = key === 'ArrowUp' ? -1 : 1;
    for (let rr = r + step; rr >= 0 && rr < rows; rr += step) if (ok(rr, c)) return [rr, c];
    return null;
  }
  const step = key === 'ArrowLeft' ? -1 : 1;
  for (let i = r * cols + c + step; i >= 0 && i < rows * cols; i += step) {
    const rr = Math.floor(i / cols);
    const cc = i % cols;
    if (ok(rr, cc)) return [rr, cc];
  }
  return null;
}
