// The stock take's size grid: which typed cells are sent (changed from the count so far; blank = not counted).
import '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { changedCounts } = await import('./style-count-grid.js');

test('changedCounts: typed whole numbers that differ from the take, blanks skipped, 0 is a count', () => {
  const counted = new Map([
    [1, 3],
    [2, 0],
  ]);
  assert.equal(changedCounts({ 1: '3', 2: '4', 3: '', 4: '0', 5: '7' }, counted), [
    { product_id: 2, counted_qty: 4 },
    { product_id: 4, counted_qty: 0 },
    { product_id: 5, counted_qty: 7 },
  ]);
});

test.run();
