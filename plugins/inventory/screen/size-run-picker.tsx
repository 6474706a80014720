// The "Size run" picker: a preset (EU 35-47, UK 3-13, US 4-14, Kids) or sizes typed as free text; it hands the
// chosen sizes to the form, which turns them into rows of the sizes table.
import { useState } from 'react';
import { parseCustomSizes, presetSizes, SIZE_RUN_PRESETS, type SizeRunId } from './size-runs.js';

/** The picker; `onSizes` gets the whole run each time it changes. */
export function SizeRunPicker({ onSizes }: { onSizes: (sizes: string[]) => void }) {
  const [run, setRun] = useState<SizeRunId | ''>('');
  const [halves, setHalves] = useState(false);
  const [custom, setCustom] = useState('');

  const pick = (next: SizeRunId | '', nextHalves = halves) => {
    setRun(next);
    setHalves(nextHalves);
    if (next === 'CUSTOM') onSizes(parseCustomSizes(custom));
    else if (next) onSizes(presetSizes(next, nextHalves));
  };

  return (
    <div className="size-run-picker">
      <label htmlFor="style-size-run">
        Size run
        <select id="style-size-run" value={run} onChange={(e) => pick(e.target.value as SizeRunId | '')}>
          <option value="">Choose a size run...</option>
          {SIZE_RUN_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
          <option value="CUSTOM">Custom</option>
        </select>
      </label>
      <label className="halves" htmlFor="style-size-halves">
        <input id="style-size-halves" type="checkbox" checked={halves} disabled={run === 'CUSTOM'} onChange={(e) => pick(run, e.target.checked)} />
        Half sizes
      </label>
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
