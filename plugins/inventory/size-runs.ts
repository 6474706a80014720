// Size runs: the presets of the Add Style / Add Sizes forms and a from/to range in any system, declared once.
// Pure (no server or browser imports), so the screens and the server read the same list.

export type SizeSystem = 'EU' | 'UK' | 'US';
export type SizeRunId = 'EU' | 'EU_W' | 'EU_M' | 'UK' | 'US' | 'KIDS';

export interface SizeRunPreset {
  id: SizeRunId;
  label: string;
  system: SizeSystem;
  from: number;
  to: number;
}

/** Label prefix of each size per system ('UK 8'); plain EU numbers have none, as the demo catalogue. */
export const SIZE_SYSTEM_PREFIX: Record<SizeSystem, string> = { EU: '', UK: 'UK ', US: 'US ' };

/** The lowest and highest size a from/to range may name per system (children's to the largest adult sizes). */
export const SIZE_SYSTEM_BOUNDS: Record<SizeSystem, { min: number; max: number }> = {
  EU: { min: 15, max: 52 },
  UK: { min: 0, max: 16 },
  US: { min: 0, max: 17 },
};

/** The most sizes a range may make (a style takes at most 60; EU 15-52 in halves is 75, too many to be meant). */
export const MAX_RUN_SIZES = 60;

/** The presets offered in the "Size run" picker, in order. */
export const SIZE_RUN_PRESETS: readonly SizeRunPreset[] = [
  { id: 'EU', label: 'EU 35-47', system: 'EU', from: 35, to: 47 },
  { id: 'EU_W', label: 'EU 36-42 (women)', system: 'EU', from: 36, to: 42 },
  { id: 'EU_M', label: 'EU 39-46 (men)', system: 'EU', from: 39, to: 46 },
  { id: 'UK', label: 'UK 3-13', system: 'UK', from: 3, to: 13 },
  { id: 'US', label: 'US 4-14', system: 'US', from: 4, to: 14 },
  { id: 'KIDS', label: 'Kids EU 24-34', system: 'EU', from: 24, to: 34 },
];

/** Whole sizes, or with the half sizes between them (38, 38.5, 39): from and to are included. */
function steps(system: SizeSystem, from: number, to: number, halves: boolean): string[] {
  const out: string[] = [];
  // Counted in half steps so 0.5 never accumulates a rounding error.
  for (let h = Math.round(from * 2); h <= Math.round(to * 2); h += halves ? 1 : 2) out.push(`${SIZE_SYSTEM_PREFIX[system]}${h / 2}`);
  return out;
}

/** The sizes of a preset, whole or with half sizes (UK 3, UK 3.5, ... UK 13). */
export function presetSizes(id: SizeRunId, halves = false): string[] {
  const p = SIZE_RUN_PRESETS.find((x) => x.id === id);
  return p ? steps(p.system, p.from, p.to, halves) : [];
}

/** Why a from/to range cannot be made, or null when it can. */
export function rangeError(system: SizeSystem, from: number, to: number, halves = false): string | null {
  const b = SIZE_SYSTEM_BOUNDS[system];
  if (!b) return 'Choose EU, UK or US';
  if (!Number.isFinite(from) || !Number.isFinite(to)) return 'From and To must be sizes';
  if (!Number.isInteger(from * 2) || !Number.isInteger(to * 2)) return 'Sizes are whole or half numbers';
  if (from < b.min || to > b.max) return `${system} sizes run from ${b.min} to ${b.max}`;
  if (from > to) return 'From must not be above To';
  if (steps(system, from, to, halves).length > MAX_RUN_SIZES) return `At most ${MAX_RUN_SIZES} sizes`;
  return null;
}

/** Any range: system, from, to (inclusive), halves; [] when rangeError finds it impossible. */
export function rangeSizes(system: SizeSystem, from: number, to: number, halves = false): string[] {
  return rangeError(system, from, to, halves) ? [] : steps(system, from, to, halves);
}

/**
 * A typed run -> its sizes: comma, semicolon or new-line separated ("36, 36.5, 37"); a list without any of
 * those splits on spaces ("36 37 38") unless it is one label with a word in it ("UK 8").
 */
export function parseCustomSizes(textValue: string): string[] {
  const t = textValue.trim();
  if (!t) return [];
  const parts = /[,;\n]/.test(t) ? t.split(/[,;\n]/) : /^[A-Za-z]+\s+[\d.]+$/.test(t) ? [t] : t.split(/\s+/);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const s = raw.trim().replace(/\s+/g, ' ');
    if (s && !seen.has(s.toLowerCase())) {
      seen.add(s.toLowerCase());
      out.push(s);
    }
  }
  return out;
}
