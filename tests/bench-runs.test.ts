// `npm run bench -- --runs 3` (#27.6): each row gives its median run's text, min / median / max of its figures and
// the load of each run; a bar passes only when it passed in every run.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { combineRuns, type Row } from '../bench/runs.js';

const row = (ms: number, status: Row['status'], load: number, extra: Partial<Row> = {}): Row => ({
  measure: 'Product search p95 at 50,000 products (HTTP, 402 queries)',
  result: `${ms} ms vs base`,
  bar: '< 10 ms',
  status,
  load,
  ...extra,
});

test('the median run gives the text; min / median / max and each load beside it', () => {
  const [r] = combineRuns([[row(3.4, 'PASS', 0.5)], [row(3.1, 'PASS', 0.7)], [row(9.5, 'PASS', 2.1)]]);
  assert.is(r.status, 'PASS');
  assert.is(r.failed, false);
  assert.ok(r.result.startsWith('3.4 ms vs base ['), r.result);
  assert.match(r.result, /3 runs, min \/ median \/ max: 3\.10 \/ 3\.40 \/ 9\.50; load 0\.5, 0\.7, 2\.1\]/);
});

test('a bar that failed in one run of three is not met', () => {
  const [r] = combineRuns([[row(3.4, 'PASS', 0.5)], [row(12, 'FAIL', 0.7)], [row(3.1, 'PASS', 0.6)]]);
  assert.is(r.status, '2/3 PASS');
  assert.is(r.failed, true);
  const [all] = combineRuns([[row(12, 'FAIL', 0.5)], [row(13, 'FAIL', 0.7)], [row(11, 'FAIL', 0.6)]]);
  assert.is(all.status, 'FAIL');
});

test('named figures, and thousands separators read as one number', () => {
  const [r] = combineRuns([
    [row(0, 'PASS', 1, { figures: { 'peak MB': 290, 'settled MB': 150 } })],
    [row(0, 'PASS', 1, { figures: { 'peak MB': 310, 'settled MB': 140 } })],
  ]);
  assert.match(r.result, /peak MB 290 \/ 290 \/ 310; settled MB 140 \/ 140 \/ 150/);
  const [n] = combineRuns([[{ ...row(0, 'info', 1), result: '1,595/s vs raw' }], [{ ...row(0, 'info', 1), result: '1,601/s vs raw' }]]);
  assert.match(n.result, /1595 \/ 1595 \/ 1601/);
});

test('rows that differ between runs are shown run by run, not mixed', () => {
  const other = { ...row(5, 'ERROR', 1), measure: 'Tills while the back office works' };
  const out = combineRuns([[row(3, 'PASS', 1)], [other]]);
  assert.is(out.length, 2);
  assert.match(out[0].measure, /\(run 1 only\)$/);
  assert.match(out[1].measure, /\(run 2 only\)$/);
  assert.is(out[1].failed, true);
});

test.run();
