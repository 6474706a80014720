// core/csv.ts: text is formula-escaped by csv-stringify, numbers and money are written as plain numbers.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { csvMoney, csvText } from './csv.js';

test('text starting with = + - @ tab CR is escaped; numbers and money (negative too) are not', () => {
  assert.is(csvText([['=1+1', '+1', '-cmd', '@x', '\tx', '-4.00', 'plain']]), `'=1+1,'+1,'-cmd,'@x,'\tx,'-4.00,plain\n`);
  assert.is(csvText([[-3, 0, 12, csvMoney(-400), csvMoney(-1), csvMoney(0), csvMoney(123_456_789)]]), '-3,0,12,-4.00,-0.01,0.00,1234567.89\n');
});

test('quoting as RFC 4180; an empty row is a blank line; null and empty text are empty cells', () => {
  assert.is(csvText([['a,b', 'say "hi"', null, ''], [], ['x']]), '"a,b","say ""hi""",,\n\nx\n');
});

test('anything else is refused, not written as [object Object] or NaN', () => {
  assert.throws(() => csvText([[{ cents: 1 } as never]]), /csvMoney/);
  assert.throws(() => csvText([[csvMoney(1.5)]]), /integer number of cents/);
  assert.throws(() => csvText([[Number.NaN]]), /Not a CSV number/);
});

test.run();
