// The POS Return dialog's rules (pos-return-rules.ts): the refund is the server's refund.ts on the line's shares,
// the invoice a scan names, what blocks the refund, the body and the line said afterwards.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { backRefundCents, pickInvoice, refundCents, refundDoneText, returnBody, returnProblem } from './pos-return-rules.js';
import type { CreatedReturn, ReturnableInvoice, ReturnableLine } from './types.js';

const line = (over: Partial<ReturnableLine> = {}) =>
  ({ id: 5, product_id: 9, qty: 3, returned_qty: 0, returnable_qty: 3, refund_net: 100, refund_tax: 9, ...over }) as ReturnableLine;
const invoice = (number: string, items = [line()]) =>
  ({ id: 1, number, customer: { id: null, name: 'Walk-in Customer' }, grand_total: 109, items }) as ReturnableInvoice;

test('refund: each unit its share, half-up, the last unit the rest (three units of $109.00: 36.33, 36.34, 36.33)', () => {
  assert.is(backRefundCents(line(), 1), 3633);
  assert.is(backRefundCents(line({ returned_qty: 1 }), 1), 3634);
  assert.is(backRefundCents(line(), 3), 10900);
  assert.is(backRefundCents(line(), 0), 0);
  assert.is(refundCents(invoice('INV-1'), [{ qty: 2, reason: 'Defective' }]), 7267);
  assert.is(refundCents(null, []), 0);
});

test('pickInvoice, returnProblem, returnBody, refundDoneText', () => {
  const hits = [invoice('INV-20250101-0001'), invoice('INV-20250101-0010')];
  assert.is(pickInvoice('inv-20250101-0010', hits)?.number, 'INV-20250101-0010');
  assert.is(pickInvoice('0001', hits), null);
  assert.is(pickInvoice('0001', hits.slice(0, 1))?.number, 'INV-20250101-0001');
  const inv = invoice('INV-1');
  assert.is(returnProblem({ invoice: null, back: [], method: 'CASH', reference: '' }), 'Scan or type the invoice number on the receipt');
  assert.is(returnProblem({ invoice: inv, back: [{ qty: 1, reason: '' }], method: 'CASH', reference: '' }), 'Please provide return reasons for all items');
  assert.is(returnProblem({ invoice: inv, back: [{ qty: 1, reason: 'Other' }], method: 'NETS', reference: ' ' }), 'Enter the NETS refund reference');
  assert.is(returnProblem({ invoice: inv, back: [{ qty: 1, reason: 'Other' }], method: 'CREDIT_NOTE', reference: '' }), null);
  assert.equal(returnBody({ invoice: inv, back: [{ qty: 1, reason: 'Other' }], method: 'PAYNOW', reference: ' P1 ', noReceipt: true, approval: null }), {
    invoice_id: 1,
    items: [{ product_id: 9, invoice_line_id: 5, returned_qty: 1, return_reason: 'Other' }],
    refund_method: 'PAYNOW',
    refund_reference: 'P1',
    receipt: false,
  });
  const reply = {
    returns: [],
    refund: { method: 'NETS', reference: 'N1', amount: 36.33, paid_out: 36.33, rounding: 0 },
    creditNote: null,
  } as unknown as CreatedReturn;
  assert.is(refundDoneText(reply), 'Refunded $36.33 by NETS (ref N1).');
  assert.is(refundDoneText({ ...reply, refund: null }), 'Return recorded.');
});

test.run();
