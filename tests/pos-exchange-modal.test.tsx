// happy-dom tests of #17.6 at the till: find the invoice, choose what comes back, the cart is the new sale;
// the refund, new total and difference show, and confirming posts the exchange. The dialog is returns' (slot
// 'pos-exchange'), rendered with the props the POS gives it (sales' pos-exchange.tsx: the real cart and till).
import { $, button, click, mockFetch, render, text, typeInto, unmount, waitFor } from '../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toasts, clearToasts } from '../ui/toast.js';
import { setShopConfig } from '../ui/shop-config.js';
import ExchangeModal from '../plugins/returns/screen/exchange-modal.js';
import { createCartStore, type CartStore } from '../plugins/sales/screen/cart-store.js';
import { exchangeProps } from '../plugins/sales/screen/pos-exchange.js';
import { backRefundCents } from '../plugins/returns/screen/pos-return-rules.js';
import { comingBack, exchangeDraft, setExchangeDraft } from '../plugins/returns/screen/exchange-draft.js';
import type { ReturnableInvoice, ReturnableLine } from '../plugins/returns/screen/types.js';
import type { CheckoutReply } from '../plugins/sales/schemas.js';
import type { PosProduct } from '../plugins/sales/screen/types.js';
import { MemoryStorage } from './helpers/memory-storage.js';

/** The dialog as the POS renders it into its slot. */
function Exchange(p: { store: CartStore; onClose?: () => void; onSuccess?: (sale: CheckoutReply) => void }) {
  return (
    <ExchangeModal {...exchangeProps(p.store, { open: true, onClose: p.onClose ?? (() => {}), onSuccess: p.onSuccess ?? (() => {}), onWaiting: () => {} })} />
  );
}

const sock = {
  id: 2,
  item_name: 'Sock',
  sku: 'S-1',
  size: 'M',
  selling_price: 10,
  brand: 'B',
  material: 'C',
  category: 'Socks',
  stock_qty: 10,
  image_url: null,
} as PosProduct;
const line = {
  id: 11,
  product_id: 1,
  description: 'Runner',
  size: '42',
  qty: 2,
  returned_qty: 0,
  returnable_qty: 2,
  refund_net: 200,
  refund_tax: 18,
} as ReturnableLine;
const invoice = { id: 5, number: 'INV-20250101-0003', customer: { id: null, name: 'Walk-in Customer' }, grand_total: 218, items: [line] } as ReturnableInvoice;

test.after.each(async () => {
  await unmount();
  clearToasts();
  setShopConfig(null);
});

test("refund of part of a line: the server's shares, half-up", () => {
  assert.is(backRefundCents(line, 1), 10900);
  assert.is(backRefundCents({ ...line, qty: 3, refund_net: 100, refund_tax: 9 }, 1), 3333 + 300);
});

test("find, pick one back, the cart's sock is the new sale: $98.10 to refund, kept on the note or in cash", async () => {
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  let posted: any = null;
  mockFetch((c) => {
    if (c.url.startsWith('/api/returns/invoices')) return { status: 200, body: { invoices: [invoice], pagination: { page: 1, pageSize: 20, total: 1 } } };
    if (c.url === '/api/exchanges/quote') {
      return {
        status: 200,
        body: {
          returned: 109,
          items: [],
          carried_discount: 0,
          subtotal: 10,
          invoice_discount: 0,
          tax: 0.9,
          prices_include_gst: false,
          new_total: 10.9,
          difference: -98.1,
          to_pay: 0,
          to_refund: 98.1,
        },
      };
    }
    if (c.url === '/api/exchanges') {
      posted = c.body;
      return {
        status: 201,
        body: {
          sale: { invoiceId: 9, number: 'INV-20250101-0009', invoice: {}, stock: [] },
          creditNote: { number: 'CN-20250101-0001', status: 'USED', available: 0 },
          difference: { to_pay: 0, to_refund: 98.1, refund_method: 'CASH' },
        },
      };
    }
    return { status: 404, body: { error: 'not found' } };
  });
  const store = createCartStore(new MemoryStorage() as Storage);
  store.add(sock);
  let sold: any = null;
  await render(
    <Exchange
      store={store}
      onSuccess={(s) => {
        sold = s;
      }}
    />,
  );
  await typeInto($<HTMLInputElement>('input[aria-label="Invoice number"]'), 'INV-20250101-0003');
  await click(button('Find'));
  await waitFor(() => text().includes('Runner'));
  await typeInto($<HTMLInputElement>('input[aria-label="Quantity back of Runner"]'), '1');
  const reason = $<HTMLSelectElement>('select[aria-label="Reason for Runner"]');
  reason.value = 'Wrong Size';
  reason.dispatchEvent(new Event('change', { bubbles: true }));
  await waitFor(() => $('[data-testid=exchange-new-total]').textContent === '$10.90');
  assert.is($('[data-testid=exchange-refund]').textContent, '$109.00');
  assert.is($('[data-testid=exchange-difference]').textContent, '$98.10');
  assert.ok(text().includes('To refund'));
  const how = $<HTMLSelectElement>('select[aria-label="Refund the difference as"]');
  how.value = 'CASH';
  how.dispatchEvent(new Event('change', { bubbles: true }));
  await waitFor(() => !(button('Confirm Exchange') as HTMLButtonElement).disabled);
  await click(button('Confirm Exchange'));
  await waitFor(() => posted);
  assert.equal(posted, {
    invoice_id: 5,
    items: [{ product_id: 1, invoice_line_id: 11, returned_qty: 1, return_reason: 'Wrong Size' }],
    sale: { items: [{ productId: 2, qty: 1, unitPrice: 10 }], taxRate: 0.09, cashRounding: false },
    refund_method: 'CASH',
  });
  await waitFor(() => sold);
  assert.is(sold.number, 'INV-20250101-0009');
  assert.ok(toasts.value.some((t) => t.message.includes('Exchange complete! Invoice #INV-20250101-0009')));
  assert.is(store.items.value.length, 0);
});

test('pairs back first: with an empty cart, Add new pairs keeps the exchange as a draft; the dialog reopens with it', async () => {
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  mockFetch((c) => {
    if (c.url.startsWith('/api/returns/invoices')) return { status: 200, body: { invoices: [invoice], pagination: { page: 1, pageSize: 20, total: 1 } } };
    if (c.url === '/api/exchanges/quote') {
      return {
        status: 200,
        body: {
          returned: 109,
          items: [],
          carried_discount: 9.1,
          subtotal: 100,
          invoice_discount: 0,
          tax: 9,
          prices_include_gst: false,
          new_total: 109,
          difference: 0,
          to_pay: 0,
          to_refund: 0,
        },
      };
    }
    return { status: 404, body: { error: 'not found' } };
  });
  setExchangeDraft(null);
  const store = createCartStore(new MemoryStorage() as Storage);
  let closed = 0;
  await render(
    <Exchange
      store={store}
      onClose={() => {
        closed += 1;
      }}
    />,
  );
  await typeInto($<HTMLInputElement>('input[aria-label="Invoice number"]'), 'INV-20250101-0003');
  await click(button('Find'));
  await waitFor(() => text().includes('Runner'));
  assert.ok((button('Add new pairs') as HTMLButtonElement).disabled, 'nothing picked yet');
  await typeInto($<HTMLInputElement>('input[aria-label="Quantity back of Runner"]'), '1');
  const reason = $<HTMLSelectElement>('select[aria-label="Reason for Runner"]');
  reason.value = 'Wrong Size';
  reason.dispatchEvent(new Event('change', { bubbles: true }));
  await waitFor(() => !(button('Add new pairs') as HTMLButtonElement).disabled);
  await click(button('Add new pairs'));
  assert.is(closed, 1);
  assert.equal(exchangeDraft.value?.back, [{ qty: 1, reason: 'Wrong Size' }]);
  assert.equal(
    comingBack(exchangeDraft.value!).map((p) => [p.line.size, p.qty, p.refundCents]),
    [['42', 1, 10900]],
  );
  await unmount();
  // The new pair scanned: the dialog opens on the draft and shows the server's $0.00.
  store.add({ ...sock, id: 3, item_name: 'Runner', size: '43', selling_price: 100 } as PosProduct);
  await render(<Exchange store={store} />);
  await waitFor(() => $('[data-testid=exchange-difference]')?.textContent === '$0.00');
  assert.ok(text().includes('To pay'));
  assert.is($('[data-testid=exchange-carried]').textContent, '-$9.10');
  assert.ok(!(button('Confirm Exchange') as HTMLButtonElement).disabled);
  setExchangeDraft(null);
});

test('an older sale: the server asks for a manager, the fields show in place, Approve resends with the approval', async () => {
  setShopConfig({ timeZone: 'Asia/Singapore', gstRate: 0.09 });
  const posts: any[] = [];
  mockFetch((c) => {
    if (c.url.startsWith('/api/returns/invoices')) return { status: 200, body: { invoices: [invoice], pagination: { page: 1, pageSize: 20, total: 1 } } };
    if (c.url === '/api/exchanges/quote') {
      return {
        status: 200,
        body: {
          returned: 109,
          items: [],
          carried_discount: 0,
          subtotal: 10,
          invoice_discount: 0,
          tax: 0.9,
          prices_include_gst: false,
          new_total: 10.9,
          difference: -98.1,
          to_pay: 0,
          to_refund: 98.1,
        },
      };
    }
    if (c.url === '/api/exchanges') {
      posts.push(c.body);
      if (!(c.body as any).approval) {
        return {
          status: 403,
          body: { error: "INV-20250101-0003 is 20 days old, outside the 14-day refund window: a manager's approval is needed", code: 'APPROVAL_REQUIRED' },
        };
      }
      return {
        status: 201,
        body: {
          sale: { invoiceId: 9, number: 'INV-20250101-0009', invoice: {}, stock: [] },
          creditNote: { number: 'CN-20250101-0001', status: 'ACTIVE', available: 98.1 },
          difference: { to_pay: 0, to_refund: 98.1, refund_method: 'CREDIT_NOTE' },
        },
      };
    }
    return { status: 404, body: { error: 'not found' } };
  });
  setExchangeDraft(null);
  const store = createCartStore(new MemoryStorage() as Storage);
  store.add(sock);
  let sold: any = null;
  await render(
    <Exchange
      store={store}
      onSuccess={(s) => {
        sold = s;
      }}
    />,
  );
  await typeInto($<HTMLInputElement>('input[aria-label="Invoice number"]'), 'INV-20250101-0003');
  await click(button('Find'));
  await waitFor(() => text().includes('Runner'));
  await typeInto($<HTMLInputElement>('input[aria-label="Quantity back of Runner"]'), '1');
  const reason = $<HTMLSelectElement>('select[aria-label="Reason for Runner"]');
  reason.value = 'Wrong Size';
  reason.dispatchEvent(new Event('change', { bubbles: true }));
  await waitFor(() => !(button('Confirm Exchange') as HTMLButtonElement).disabled);
  await click(button('Confirm Exchange'));
  await waitFor(() => text().includes('outside the 14-day refund window'));
  assert.ok((button('Confirm Exchange') as HTMLButtonElement).disabled, 'the plain confirm waits for the approval');
  assert.not.ok(text().includes('Discount reason'), 'a return asks no discount reason');
  await typeInto($<HTMLInputElement>('fieldset.manager-approval input[type=text]'), 'owner');
  await typeInto($<HTMLInputElement>('fieldset.manager-approval input[type=password]'), 'secret');
  await click(button('Approve'));
  await waitFor(() => sold);
  assert.is(posts.length, 2);
  assert.equal(posts[1].approval, { username: 'owner', password: 'secret' });
  assert.is(posts[1].invoice_id, 5);
});

test.run();
