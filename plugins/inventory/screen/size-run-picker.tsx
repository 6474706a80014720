// The "Size run" picker: a preset (plugins/inventory/size-runs.ts: EU 35-47, EU 36-42 women, EU 39-46 men,
// UK 3-13, US 4-14, Kids EU 24-34), a from/to range in EU, UK or US, or sizes typed as free text; "Half sizes"
// adds 38.5 between 38 and 39. It hands the chosen sizes to the form, which turns them into size rows.
import { useState } from 'react';
import { parseCustomSizes, presetSizes, rangeError, rangeSizes, SIZE_RUN_PRESETS, type SizeRunId, type SizeSystem } from '../size-runs.js';

type Choice = SizeRunId | 'RANGE' | 'CUSTOM' | '';

interface Range {
  system: SizeSystem;
  from: string;
  to: string;
}

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** The picker; `onSizes` gets the whole run each time it changes. */
export function SizeRunPicker({ onSizes }: { onSizes: (sizes: string[]) => void }) {
  const [run, setRun] = useState<Choice>('');
  const [halves, setHalves] = useState(false);
  const [custom, setCustom] = useState('');
  const [range, setRange] = useState<Range>({ system: 'EU', from: '', to: '' });

  const rangeProblem = (r: Range, h: boolean) => (r.from.trim() && r.to.trim() ? rangeError(r.system, num(r.from), num(r.to), h) : null);

  const pick = (next: Choice, nextHalves = halves, nextRange = range) => {
    setRun(next);
    setHalves(nextHalves);
    setRange(nextRange);
    if (next === 'CUSTOM') onSizes(parseCustomSizes(custom));
    else if (next === 'RANGE') onSizes(rangeSizes(nextRange.system, num(nextRange.from), num(nextRange.to), nextHalves));
    else if (next) onSizes(presetSizes(next, nextHalves));
  };
  const problem = run === 'RANGE' ? rangeProblem(range, halves) : null;

  return (
    <div className="size-run-picker">
      <label htmlFor="style-size-run">
        Size run
        <select id="style-size-run" value={run} onChange={(e) => pick(e.target.value as Choice)}>
          <option value="">Choose a size run...</option>
          {SIZE_RUN_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
          <option value="RANGE">From / to...</option>
          <option value="CUSTOM">Custom</option>
        </select>
      </label>
      <label className="halves" htmlFor="style-size-halves">
        <input id="style-size-halves" type="checkbox" checked={halves} disabled={run === 'CUSTOM'} onChange={(e) => pick(run, e.target.checked)} />
        Half sizes
      </label>
      {run === 'RANGE' ? (
        <div className="size-range">
          <label htmlFor="style-range-system">
            System
            <select id="style-range-system" value={range.system} onChange={(e) => pick(run, halves, { ...range, system: e.target.value as SizeSystem })}>
              <option value="EU">EU</option>
              <option value="UK">UK</option>
              <option value="US">US</option>
            </select>
          </label>
          <label htmlFor="style-range-from">
            From
            <input
              id="style-range-from"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={range.from}
              onChange={(e) => pick(run, halves, { ...range, from: e.target.value })}
            />
          </label>
          <label htmlFor="style-range-to">
            To
            <input
              id="style-range-to"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={range.to}
              onChange={(e) => pick(run, halves, { ...range, to: e.target.value })}
            />
          </label>
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      {run === 'CUSTOM' ? (
        <label className="custom-sizes" htmlFor="style-custom-sizes">
          Custom sizes
          <input
            id="style-custom-sizes"
            type="text"
            value={custom}
            autoComplete="off"
            placeholder="e.g. 36, 36.5, 37 or UK 7, UK 8"
            onChange={(e) => {
              setCustom(e.target.value);
              onSizes(parseCustomSizes(e.target.value));
            }}
          />
        </label>
      ) : null}
    </div>
  );
}
