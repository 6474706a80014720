// happy-dom test of the customer display's sale (#28): the view's adjustments (a promotion's deal, label and amount)
// show as lines after the items, before the totals, in the CART and PAY phases alike; none, no line.
import { $, render, text, unmount, waitFor } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import DisplayScreen, { DISPLAY_KEY } from './display-screen.js';
import type { DisplayView } from '../schemas.js';

const cart: DisplayView = {
  phase: 'CART',
  shopName: 'Kedai Shoes',
  till: 'Till 1',
  pricesIncludeGst: false,
  gstLabel: 'GST (9%)',
  gstIncluded: null,
  lines: [
    { name: 'Samba OG', size: '42', qty: 1, unitPrice: 100, unitPriceWithGst: 109, discount: 0, total: 100 },
    { name: 'Samba OG', size: '43', qty: 1, unitPrice: 100, unitPriceWithGst: 109, discount: 0, total: 100 },
  ],
  adjustments: [{ label: 'Second pair 50% off the cheaper of two matching pairs this weekend only', amount: -50 }],
  units: 2,
  subtotal: 200,
  lineDiscount: 0,
  discount: 0,
  discountLabel: 'Discount',
  gst: 13.5,
  total: 163.5,
  pay: null,
  sale: null,
  at: '2026-11-27T03:00:00.000Z',
};

/** The display's stream answering with these views (then held open). */
function streamOf(views: DisplayView[]) {
  globalThis.fetch = (async (_url: string, init?: RequestInit) => {
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(ctrl) {
        for (const v of views) ctrl.enqueue(enc.encode(`event: state\ndata: ${JSON.stringify(v)}\n\n`));
        init?.signal?.addEventListener('abort', () => ctrl.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
}

test.before.each(() => {
  localStorage.setItem(DISPLAY_KEY, JSON.stringify({ token: 'tok', till: 'Till 1' }));
});
test.after.each(async () => {
  await unmount();
  localStorage.removeItem(DISPLAY_KEY);
});

test('the adjustment is a line after the items, before the totals: its label and amount', async () => {
  streamOf([cart]);
  await render(<DisplayScreen />);
  await waitFor(() => document.querySelector('[data-testid="display-adjustment"]'));
  const rows = [...document.querySelectorAll('.cd-lines li')].map((li) => li.getAttribute('data-testid'));
  assert.equal(rows, ['display-line', 'display-line', 'display-adjustment']);
  assert.is($('[data-testid="display-adjustment-label"]').textContent, cart.adjustments[0].label);
  assert.is($('[data-testid="display-adjustment-amount"]').textContent, '-$50.00');
  assert.not.ok($('[data-testid="display-adjustment"]').classList.contains('cd-added'), 'a saving keeps the savings colour');
  assert.is($('[data-testid="display-subtotal"]').textContent, '$200.00');
  assert.is($('[data-testid="display-total"]').textContent, '$163.50');
});

test('paying: the line stays beside the amount due; a cart without adjustments shows none', async () => {
  const pay = { method: 'CASH' as const, paidOtherwise: 0, amount: 163.5, rounding: 0, amountDue: 163.5, payNow: null };
  streamOf([{ ...cart, phase: 'PAY', pay }]);
  await render(<DisplayScreen />);
  await waitFor(() => document.querySelector('[data-testid="display-due"]'));
  assert.is($('[data-testid="display-adjustment-amount"]').textContent, '-$50.00');
  assert.is($('[data-testid="display-due"]').textContent, '$163.50');
  await unmount();

  streamOf([{ ...cart, adjustments: [], total: 218, gst: 18 }]);
  await render(<DisplayScreen />);
  await waitFor(() => text().includes('$218.00'));
  assert.is(document.querySelector('[data-testid="display-adjustment"]'), null);
});

test('#29 a gift card in the cart: its line after the shoes with its amount; the subtotal is the goods, the total includes the card', async () => {
  streamOf([
    {
      ...cart,
      lines: [cart.lines[0]],
      adjustments: [{ label: 'Gift card $50.00 (no GST)', amount: 50 }],
      units: 1,
      subtotal: 100,
      gst: 9,
      total: 159,
    },
  ]);
  await render(<DisplayScreen />);
  await waitFor(() => document.querySelector('[data-testid="display-adjustment"]'));
  const rows = [...document.querySelectorAll('.cd-lines li')].map((li) => li.getAttribute('data-testid'));
  assert.equal(rows, ['display-line', 'display-adjustment']);
  assert.is($('[data-testid="display-adjustment-label"]').textContent, 'Gift card $50.00 (no GST)');
  assert.ok($('[data-testid="display-adjustment"]').classList.contains('cd-added'), 'not in the savings colour');
  assert.is($('[data-testid="display-adjustment-amount"]').textContent, '$50.00');
  assert.is($('[data-testid="display-subtotal"]').textContent, '$100.00');
  assert.is($('[data-testid="display-total"]').textContent, '$159.00');
});

test.run();
