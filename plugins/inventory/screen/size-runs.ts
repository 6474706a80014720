// Size-run presets of the Add Style form and the parser of a typed ("custom") run, kept pure for tests.

export type SizeRunId = 'EU' | 'UK' | 'US' | 'KIDS' | 'CUSTOM';

export interface SizeRunPreset {
  id: SizeRunId;
  label: string;
  /** Label prefix of each size ('UK 8'); plain EU numbers have none, as the demo catalogue. */
  prefix: string;
  from: number;
  to: number;
}

/** The presets offered in the "Size run" picker, in order; 'CUSTOM' is free text. */
export const SIZE_RUN_PRESETS: SizeRunPreset[] = [
  { id: 'EU', label: 'EU 35-47', prefix: '', from: 35, to: 47 },
  { id: 'UK', label: 'UK 3-13', prefix: 'UK ', from: 3, to: 13 },
  { id: 'US', label: 'US 4-14', prefix: 'US ', from: 4, to: 14 },
  { id: 'KIDS', label: 'Kids (EU 24-34)', prefix: '', from: 24, to: 34 },
];

/** The sizes of a preset, whole sizes or with the half sizes between them (UK 3, UK 3.5, ... UK 13). */
export function presetSizes(id: SizeRunId, halves = false): string[] {
  const p = SIZE_RUN_PRESETS.find((x) => x.id === id);
  if (!p) return [];
  const out: string[] = [];
  const step = halves ? 0.5 : 1;
  for (let n = p.from; n <= p.to; n += step) out.push(`${p.prefix}${n}`);
  return out;
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
