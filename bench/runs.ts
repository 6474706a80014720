// `npm run bench -- --runs 3` (#27.6): the whole bench runs N times in a row; each table row then gives the result
// of its median run, the min / median / max of its headline figures over the runs, and the machine's load when
// each run measured it. A bar passes only if it passed in every run.

export interface Row {
  measure: string;
  result: string;
  bar: string;
  status: 'PASS' | 'FAIL' | 'info' | 'ERROR';
  /** The figures to give min/median/max of (default: the first number of `result`). */
  figures?: Record<string, number>;
  /** The 1-minute load average when the row's bench started (set by the runner). */
  load?: number;
}

/** A combined row: `status` is PASS / FAIL / info / ERROR, or "k/N PASS" when the runs disagree. */
export interface CombinedRow {
  measure: string;
  result: string;
  bar: string;
  status: string;
  failed: boolean;
}

const digitsOut = (s: string) => s.replace(/[\d.,]+/g, '#');

/** Two texts equal but for their numbers (the same row or note of another run). */
export const sameButFigures = (a: string, b: string) => digitsOut(a) === digitsOut(b);

function figuresOf(row: Row): Record<string, number> {
  if (row.figures) return row.figures;
  const first = /-?\d+(?:\.\d+)?/.exec(row.result.replace(/(\d),(\d{3})/g, '$1$2'));
  return first ? { '': Number(first[0]) } : {};
}

const num = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));

/** One run's rows as the table shows them. */
export function singleRun(rows: Row[]): CombinedRow[] {
  return rows.map((r) => ({
    measure: r.measure,
    bar: r.bar,
    status: r.status,
    failed: r.status === 'FAIL' || r.status === 'ERROR',
    result: r.load === undefined ? r.result : `${r.result} [load ${r.load.toFixed(2)}]`,
  }));
}

/** Rows of N runs side by side (matched by position; the runs are the same benches in the same order). */
export function combineRuns(runs: Row[][]): CombinedRow[] {
  if (runs.length === 1) return singleRun(runs[0]);
  const n = runs.length;
  const longest = Math.max(...runs.map((r) => r.length));
  const out: CombinedRow[] = [];
  for (let i = 0; i < longest; i++) {
    const same = runs.map((r) => r[i]).filter((r): r is Row => r !== undefined);
    const first = same[0];
    // A run that errored or printed other rows cannot be matched by position: show each as it was.
    if (same.length < n || same.some((r) => digitsOut(r.measure) !== digitsOut(first.measure))) {
      same.forEach((r, k) => {
        out.push({ ...singleRun([r])[0], measure: `${r.measure} (run ${k + 1} only)` });
      });
      continue;
    }
    const figs = same.map(figuresOf);
    const keys = Object.keys(figs[0]).filter((k) => figs.every((f) => Number.isFinite(f[k])));
    // The run whose first figure is the median gives the row's text.
    const order = same.map((_, k) => k).sort((a, b) => (keys.length ? figs[a][keys[0]] - figs[b][keys[0]] : 0));
    const median = same[order[Math.floor((n - 1) / 2)]];
    const spread = keys
      .map((k) => {
        const v = figs.map((f) => f[k]).sort((a, b) => a - b);
        return `${k ? `${k} ` : ''}${num(v[0])} / ${num(v[Math.floor((n - 1) / 2)])} / ${num(v[n - 1])}`;
      })
      .join('; ');
    const loads = same.map((r) => (r.load === undefined ? '?' : r.load.toFixed(1))).join(', ');
    const passes = same.filter((r) => r.status === 'PASS').length;
    const fails = same.filter((r) => r.status === 'FAIL' || r.status === 'ERROR').length;
    const status =
      fails === 0 ? median.status : passes === 0 && fails === n ? (same.some((r) => r.status === 'ERROR') ? 'ERROR' : 'FAIL') : `${passes}/${n} PASS`;
    out.push({
      measure: median.measure,
      bar: median.bar,
      status,
      failed: fails > 0,
      result: `${median.result} [${n} runs, min / median / max: ${spread || 'no figure'}; load ${loads}]`,
    });
  }
  return out;
}
