// useQuery (one retry, refetch on key change, reload, no retry for 4xx) and the format helpers.
import { act, flush, render, unmount, waitFor } from './dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { useState } from 'react';

const { useQuery } = await import('../use-query.js');
const { ApiError } = await import('../api.js');
const { money, dateText, dateTimeText } = await import('../format.js');
const { Money } = await import('../components/money.js');
const { SelectFilter } = await import('../components/select-filter.js');
const { Pager } = await import('../components/pager.js');

type Result = ReturnType<typeof useQuery<string>>;
let last: Result;
let setKey: (k: string) => void;

function Probe({ fn }: { fn: (key: string) => Promise<string> }) {
  const [key, set] = useState('a');
  setKey = set;
  last = useQuery(['probe', key], () => fn(key));
  return <p>{last.loading ? 'loading' : last.error ? `error: ${last.error.message}` : `data: ${last.data}`}</p>;
}

test.after.each(unmount);

test('useQuery: loads, refetches when the key changes, reload runs again', async () => {
  const seen: string[] = [];
  await render(
    <Probe
      fn={async (k) => {
        seen.push(k);
        return `v-${k}`;
      }}
    />,
  );
  await waitFor(() => last.data === 'v-a');
  assert.is(last.loading, false);
  await act(async () => setKey('b'));
  await waitFor(() => last.data === 'v-b');
  await act(async () => {
    await last.reload();
  });
  assert.equal(seen, ['a', 'b', 'b']);
});

test('useQuery: one retry after a failure', async () => {
  let n = 0;
  await render(
    <Probe
      fn={async () => {
        if (++n === 1) throw new Error('flaky');
        return 'ok';
      }}
    />,
  );
  await waitFor(() => last.data === 'ok', 3000);
  assert.is(n, 2);
  assert.is(last.error, null);
});

test('useQuery: gives up after the one retry, exposing the error', async () => {
  let n = 0;
  await render(
    <Probe
      fn={async () => {
        n++;
        throw new Error('down');
      }}
    />,
  );
  await waitFor(() => last.error?.message === 'down', 3000);
  await flush(700);
  assert.is(n, 2);
  assert.is(last.loading, false);
});

test('useQuery: a 4xx is not retried', async () => {
  let n = 0;
  await render(
    <Probe
      fn={async () => {
        n++;
        throw new ApiError('Customer not found', 404);
      }}
    />,
  );
  await waitFor(() => last.error);
  await flush(700);
  assert.is(n, 1);
  assert.is(last.error!.message, 'Customer not found');
});

test('money: $ and 2 decimals, half-up at the cent', () => {
  assert.is(money(12.34), '$12.34');
  assert.is(money(5), '$5.00');
  assert.is(money(1234.5), '$1,234.50');
  assert.is(money(1.005), '$1.01');
  assert.is(money(-5), '-$5.00');
  assert.is(money(0), '$0.00');
  assert.is(money(undefined), '$0.00');
  assert.is(money('7.1'), '$7.10');
});

test('dates: business dates unshifted; timestamps in Singapore time', () => {
  assert.is(dateText('2024-05-01'), '01 May 2024');
  assert.is(dateText('2024-04-30T17:30:00.000Z'), '01 May 2024');
  assert.is(dateTimeText('2024-04-30T17:30:00.000Z'), '01 May 2024, 01:30');
  assert.is(dateText(null), 'N/A');
  assert.is(dateTimeText('garbage'), 'N/A');
});

test('components: <Money>, <SelectFilter> with "All <label>", <Pager>', async () => {
  let chosen = 'x';
  let page = 0;
  const c = await render(
    <div>
      <Money value={3.5} />
      <SelectFilter label="Categories" value="" options={['Boots', { value: 'snk', label: 'Sneakers' }]} onChange={(v) => (chosen = v)} />
      <Pager page={1} pageSize={50} total={120} onPage={(p) => (page = p)} />
    </div>,
  );
  assert.is(c.querySelector('.money')!.textContent, '$3.50');
  const options = [...c.querySelectorAll('option')].map((o) => [o.getAttribute('value'), o.textContent]);
  assert.equal(options, [
    ['', 'All Categories'],
    ['Boots', 'Boots'],
    ['snk', 'Sneakers'],
  ]);
  const select = c.querySelector('select')!;
  await act(async () => {
    select.value = 'snk';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  assert.is(chosen, 'snk');
  assert.ok(c.textContent!.includes('Page 1 of 3'));
  const [prev, next] = [...c.querySelectorAll('.pager button')] as HTMLButtonElement[];
  assert.ok(prev.disabled);
  await act(async () => next.click());
  assert.is(page, 2);
});

test.run();
