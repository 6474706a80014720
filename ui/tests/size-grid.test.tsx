// The style x size grid: layout (colours down, sizes across, missing sizes disabled), totals, and the
// spreadsheet moves (Enter right then next row, arrows, skipping disabled cells); read-only figures.
import { act, render, typeInto, unmount } from './dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { useState } from 'react';

const { SizeMatrix } = await import('../components/size-grid.js');
const { gridLayout, gridTotals, nextCell } = await import('../components/size-grid-rules.js');

test.after.each(unmount);

// Two colours; Black has no 42, Tan no 38.
const products = [
  { id: 1, size: '38', colour: 'Black' },
  { id: 2, size: '39', colour: 'Black' },
  { id: 3, size: '40', colour: 'Black' },
  { id: 5, size: '39', colour: 'Tan' },
  { id: 6, size: '40', colour: 'Tan' },
  { id: 7, size: '42', colour: 'Tan' },
];

test('layout: sizes in the order given, one row per colour, null where a size does not exist; one row without colours', () => {
  const l = gridLayout(products);
  assert.equal(l.sizes, ['38', '39', '40', '42']);
  assert.equal(l.colours, ['Black', 'Tan']);
  assert.equal(l.ids, [
    [1, 2, 3, null],
    [null, 5, 6, 7],
  ]);
  const one = gridLayout([
    { id: 9, size: '41', colour: null },
    { id: 10, size: '42', colour: null },
  ]);
  assert.equal(one.colours, ['All']);
  assert.equal(one.ids, [[9, 10]]);
});

test('totals per row, column and all; blank and junk count as 0', () => {
  const t = gridTotals(gridLayout(products), { 1: '2', 2: '3', 5: '4', 7: '', 6: 'x' });
  assert.equal(t.rows, [5, 4]);
  assert.equal(t.cols, [2, 7, 0, 0]);
  assert.is(t.all, 9);
});

test('moves: Enter right along the row then the next row first cell; arrows; disabled cells skipped; edges stay', () => {
  const l = gridLayout(products);
  const all = () => true;
  assert.equal(nextCell(l, all, 0, 0, 'Enter'), [0, 1]);
  assert.equal(nextCell(l, all, 0, 2, 'Enter'), [1, 1]); // [0,3] and [1,0] do not exist
  assert.equal(nextCell(l, all, 1, 3, 'Enter'), null); // the last cell
  assert.equal(nextCell(l, all, 0, 1, 'ArrowDown'), [1, 1]);
  assert.equal(nextCell(l, all, 1, 1, 'ArrowUp'), [0, 1]);
  assert.equal(nextCell(l, all, 0, 0, 'ArrowDown'), null); // Tan has no 38
  assert.equal(nextCell(l, all, 1, 1, 'ArrowLeft'), [0, 2]);
  assert.equal(
    nextCell(l, (r, c) => !(r === 0 && c === 1), 0, 0, 'ArrowRight'),
    [0, 2],
  );
});

function Harness() {
  const [values, setValues] = useState<Record<number, string>>({});
  return <SizeMatrix name="Desert Boot" layout={gridLayout(products)} values={values} onChange={(id, t) => setValues((v) => ({ ...v, [id]: t }))} />;
}

const cell = (c: HTMLElement, label: string) => c.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;
const key = (el: HTMLElement, k: string) =>
  act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });

test('the grid: typing updates totals, Enter and arrows move the focus like a spreadsheet, missing sizes are disabled', async () => {
  const c = await render(<Harness />);
  const heads = [...c.querySelectorAll('thead th')].map((th) => th.textContent);
  assert.equal(heads, ['Colour / Size', '38', '39', '40', '42', 'Total']);
  const missing = cell(c, 'Desert Boot Black size 42 (no such size)');
  assert.ok(missing.disabled);
  assert.ok(cell(c, 'Desert Boot Tan size 38 (no such size)').disabled);

  const b38 = cell(c, 'Desert Boot Black size 38');
  b38.focus();
  await typeInto(b38, '2');
  await key(b38, 'Enter');
  assert.is(document.activeElement, cell(c, 'Desert Boot Black size 39'));
  await typeInto(cell(c, 'Desert Boot Black size 39'), '3a'); // non-digits dropped
  assert.is(cell(c, 'Desert Boot Black size 39').value, '3');
  await key(cell(c, 'Desert Boot Black size 39'), 'Enter');
  await key(cell(c, 'Desert Boot Black size 40'), 'Enter');
  assert.is(document.activeElement, cell(c, 'Desert Boot Tan size 39'), 'Enter after the row end goes to the next row');
  await typeInto(cell(c, 'Desert Boot Tan size 39'), '4');
  await key(cell(c, 'Desert Boot Tan size 39'), 'ArrowUp');
  assert.is(document.activeElement, cell(c, 'Desert Boot Black size 39'));
  await key(cell(c, 'Desert Boot Black size 39'), 'ArrowRight');
  assert.is(document.activeElement, cell(c, 'Desert Boot Black size 40'));

  assert.is(c.querySelector('[data-row-total="Black"]')!.textContent, '5');
  assert.is(c.querySelector('[data-row-total="Tan"]')!.textContent, '4');
  assert.is(c.querySelector('[data-col-total="39"]')!.textContent, '7');
  assert.is(c.querySelector('[data-grand-total]')!.textContent, '9');
});

test('read-only grid: figures, no inputs but the disabled missing sizes; one row headed by rowLabel', async () => {
  const layout = gridLayout([
    { id: 1, size: '40', colour: null },
    { id: 2, size: '41', colour: null },
  ]);
  const c = await render(<SizeMatrix name="Loafer" layout={layout} values={{ 1: '4', 2: '0' }} rowLabel="In stock" />);
  assert.is(c.querySelectorAll('input').length, 0);
  assert.is(c.querySelector('tbody th')!.textContent, 'In stock');
  assert.is(c.querySelector('[data-cell="Loafer size 40"]')!.textContent, '4');
  assert.is(c.querySelector('[data-grand-total]')!.textContent, '4');
});

test.run();
