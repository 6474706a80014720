// happy-dom tests of the shift screens: the till name (asked once, sent as X-Kedai-Till), Open Shift with a
// float, Pay In/Out's checks, the cash-up's live total / expected / variance and its body, the Z report,
// and the /shifts list with its variances.
import { button, calls, click, flush, mockFetch, render, text, typeInto, unmount, waitFor, type Call } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { default: ShiftBar } = await import('./shift-bar.js');
const { default: ShiftsScreen } = await import('./shifts-screen.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
const { tillName, TILL_KEY } = await import('../../../ui/till.js');
const rules = await import('./cash-up-rules.js');
type Shift = import('./types.js').Shift;
type ShiftReport = import('./types.js').ShiftReport;

test.after.each(async () => {
  await unmount();
  clearToasts();
});

const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);
/** The last button reading `label` (a dialog's own button, after the bar's one). */
const lastButton = (label: string) => [...document.querySelectorAll('button')].filter((b) => b.textContent?.trim() === label).pop()!;
/** The input inside the <label> whose own text starts with `label` (or the one its `for` names). */
function field(label: string): HTMLInputElement {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent?.trim().startsWith(label));
  if (!l) throw new Error(`no label "${label}"`);
  const el = l.htmlFor ? document.getElementById(l.htmlFor) : l.querySelector('input, select, textarea');
  if (!el) throw new Error(`no field for "${label}"`);
  return el as HTMLInputElement;
}

const shift = (over: Partial<Shift> = {}): Shift => ({
  id: 7,
  till: 'Till 1',
  status: 'OPEN',
  opening_float: 100,
  opened_at: '2026-11-24T01:00:00.000Z',
  opened_by: 'staff',
  closed_at: null,
  closed_by: null,
  counted: null,
  expected: null,
  variance: null,
  notes: null,
  ...over,
});
const report = (over: Partial<ShiftReport> = {}): ShiftReport => ({
  kind: 'X',
  generated_at: '2026-11-24T02:00:00.000Z',
  shift: shift(),
  cash: { opening_float: 100, cash_sales: 109, cash_refunds: 0, pay_ins: 0, pay_outs: 5, expected: 204 },
  takings: [{ method: 'CASH', count: 1, amount: 109 }],
  refunds: [],
  tender_refunds: [],
  sales: { invoice_count: 1, total: 109, rounding: 0, credit_notes_taken: 0 },
  refund_lines: [],
  drawer_openings: [],
  held_sales: [],
  movements: [{ id: 1, kind: 'PAY_OUT', amount: 5, reason: 'Milk for the pantry', created_at: '2026-11-24T01:30:00.000Z', created_by: 'staff' }],
  count: null,
  ...over,
});

test('rules: counts are whole numbers; the total in cents; the body lists what was counted', () => {
  const c = { ...rules.emptyCount(), 100: '2', 1: '3', '0.50': '1', '0.05': '' };
  assert.equal(rules.countTotal(c), { cents: 20350, invalid: [] });
  assert.equal(rules.countedBody(c), { 100: 2, 1: 3, '0.50': 1 });
  assert.equal(rules.countTotal({ ...c, 50: '1.5', 10: '-1' }).invalid, ['S$50 notes', 'S$10 notes']);
  assert.is(rules.pieces(''), 0);
  assert.is(rules.pieces('100001'), null);
});

test('no till name: the bar asks for one, keeps it, and every call then carries X-Kedai-Till', async () => {
  localStorage.removeItem(TILL_KEY);
  tillName.value = null;
  mockFetch(() => ({ status: 200, body: { shift: null } }));
  await render(<ShiftBar />);
  assert.ok(text().includes('Name this till'));
  await typeInto(field('Till name'), ' ');
  await click(button('Save Till Name'));
  assert.ok(text().includes('A till name is 1-40'), 'blank name refused');
  assert.is(localStorage.getItem(TILL_KEY), null);
  await typeInto(field('Till name'), '  Till   1 ');
  await click(button('Save Till Name'));
  assert.is(localStorage.getItem(TILL_KEY), 'Till 1');
  await waitFor(() => calls.find((c) => c.url.startsWith('/api/shifts/current')));
  const call = calls.find((c) => c.url.startsWith('/api/shifts/current'))!;
  assert.is(call.url, '/api/shifts/current?till=Till+1');
  assert.is(call.headers['x-kedai-till'], 'Till 1');
  assert.ok(toastTexts().includes('success: This till is now named Till 1'));
});

test('Open Shift sends the till and the float; the bar then offers Pay In/Out, X Report, Close Shift', async () => {
  tillName.value = 'Till 1';
  localStorage.setItem(TILL_KEY, 'Till 1');
  let opened = false;
  mockFetch((c: Call) => {
    if (c.method === 'POST' && c.url === '/api/shifts') {
      opened = true;
      return { status: 201, body: { shift: shift() } };
    }
    return { status: 200, body: { shift: opened ? shift() : null } };
  });
  await render(<ShiftBar />);
  await waitFor(() => text().includes('No open shift.'));
  await typeInto(field('Opening float'), '100');
  await click(button('Open Shift'));
  await waitFor(() => text().includes('Close Shift'));
  assert.equal(calls.find((c) => c.method === 'POST')!.body, { till: 'Till 1', opening_float: 100 });
  assert.ok(toastTexts().includes('success: Shift opened on Till 1 with a float of $100.00'));
  for (const b of ['Pay In/Out', 'X Report', 'Close Shift', 'Change Till']) button(b);
});

test('Pay In/Out: no amount and no reason are refused and nothing is sent; a pay-out is sent and toasted', async () => {
  tillName.value = 'Till 1';
  mockFetch((c: Call) =>
    c.method === 'POST' ? { status: 201, body: { movement: report().movements[0], expected_cash: 204 } } : { status: 200, body: { shift: shift() } },
  );
  await render(<ShiftBar />);
  await waitFor(() => text().includes('Pay In/Out'));
  await click(button('Pay In/Out'));
  await click(button('Record'));
  assert.ok(text().includes('Please enter a valid amount'));
  assert.ok(text().includes('Please enter a reason'));
  assert.is(calls.filter((c) => c.method === 'POST').length, 0);
  await typeInto(field('Amount'), '5');
  await typeInto(field('Reason'), 'Milk for the pantry');
  await click(button('Record'));
  await waitFor(() => toastTexts().includes('success: Pay-out of $5.00 recorded'));
  assert.equal(calls.find((c) => c.method === 'POST')!.body, { kind: 'PAY_OUT', amount: 5, reason: 'Milk for the pantry' });
});

test('Close Shift: live counted total, expected and variance; a bad count sends nothing; the Z report follows', async () => {
  tillName.value = 'Till 1';
  const z = report({
    kind: 'Z',
    shift: shift({ status: 'CLOSED', closed_at: '2026-11-24T03:00:00.000Z', closed_by: 'staff', counted: 203.5, expected: 204, variance: -0.5 }),
    count: {
      lines: [
        { key: '100', label: 'S$100 notes', qty: 2, amount: 200 },
        { key: '1', label: 'S$1 coins', qty: 3, amount: 3 },
        { key: '0.50', label: '50¢ coins', qty: 1, amount: 0.5 },
      ],
      counted: 203.5,
      expected: 204,
      variance: -0.5,
    },
  });
  mockFetch((c: Call) => {
    if (c.url.endsWith('/x-report')) return { status: 200, body: { report: report() } };
    if (c.url.endsWith('/close')) return { status: 200, body: { report: z } };
    return { status: 200, body: { shift: shift() } };
  });
  await render(<ShiftBar />);
  await waitFor(() => text().includes('Close Shift'));
  await click(button('Close Shift'));
  await waitFor(() => document.querySelector('[data-testid="expected-cash"]')?.textContent === '$204.00');
  await typeInto(field('S$100 notes'), '2');
  await typeInto(field('S$1 coins'), '3');
  await typeInto(field('50¢ coins'), '1');
  assert.is(document.querySelector('[data-testid="counted-total"]')!.textContent, '$203.50');
  assert.is(document.querySelector('[data-testid="variance"]')!.textContent, '-$0.50 (short)');
  await typeInto(field('20¢ coins'), '1.5');
  const buttons = [...document.querySelectorAll('button')].filter((b) => b.textContent?.trim() === 'Close Shift');
  await click(buttons[buttons.length - 1]);
  assert.ok(text().includes('Enter whole numbers of notes and coins (check 20¢ coins)'));
  assert.is(calls.filter((c) => c.url.endsWith('/close')).length, 0, 'nothing sent');
  await typeInto(field('20¢ coins'), '');
  await click(buttons[buttons.length - 1]);
  await waitFor(() => text().includes('Z Report — Till 1'));
  assert.equal(calls.find((c) => c.url.endsWith('/close'))!.body, { counted: { 100: 2, 1: 3, '0.50': 1 } });
  assert.ok(toastTexts().includes('success: Shift closed on Till 1. Variance -$0.50'));
  assert.ok(text().includes('Counted cash$203.50'));
  assert.ok(text().includes('-$0.50 (short)'));
});

test('a failed close is toasted with the server message', async () => {
  tillName.value = 'Till 1';
  mockFetch((c: Call) => {
    if (c.url.endsWith('/x-report')) return { status: 200, body: { report: report() } };
    if (c.url.endsWith('/close')) return { status: 409, body: { error: 'The shift of Till 1 is already closed' } };
    return { status: 200, body: { shift: shift() } };
  });
  await render(<ShiftBar />);
  await waitFor(() => text().includes('Close Shift'));
  await click(button('Close Shift'));
  const buttons = [...document.querySelectorAll('button')].filter((b) => b.textContent?.trim() === 'Close Shift');
  await click(buttons[buttons.length - 1]);
  await waitFor(() => toastTexts().includes('error: Failed to close shift: The shift of Till 1 is already closed'));
});

test("/shifts lists every till's shifts with the variance; Z Report opens the closed shift's report", async () => {
  const closed = shift({ id: 3, status: 'CLOSED', closed_at: '2026-11-24T03:00:00.000Z', closed_by: 'admin', counted: 203.5, expected: 204, variance: -0.5 });
  mockFetch((c: Call) =>
    c.url.includes('/z-report')
      ? { status: 200, body: { report: report({ kind: 'Z', shift: closed, count: { lines: [], counted: 203.5, expected: 204, variance: -0.5 } }) } }
      : { status: 200, body: { shifts: [shift({ id: 4, till: 'Till 2' }), closed], pagination: { page: 1, pageSize: 50, total: 2 } } },
  );
  await render(<ShiftsScreen />);
  await waitFor(() => text().includes('Till 2'));
  assert.ok(text().includes('-$0.50 (short)'));
  assert.ok(text().includes('Showing 2 of 2 shifts'));
  await click(document.querySelector<HTMLButtonElement>('button[aria-label="Z report of shift #3"]')!);
  await waitFor(() => text().includes('Z Report — Till 1'));
  await flush();
  assert.ok(calls.some((c) => c.url === '/api/shifts/3/z-report'));
});

test('Open Drawer: a reason is required; it is sent with the till; the X report lists the openings and who refunded what', async () => {
  tillName.value = 'Till 1';
  mockFetch((c: Call) => {
    if (c.url === '/api/drawer/open') return { status: 200, body: { opened: true, till: 'Till 1' } };
    if (c.url.includes('/x-report')) {
      return {
        status: 200,
        body: {
          report: report({
            drawer_openings: [{ at: '2026-11-24T01:40:00.000Z', by: 'staff', reason: 'Change for a $50 note', invoice_id: null }],
            refund_lines: [{ kind: 'VOID_REFUND', method: 'CASH', amount: 109, at: '2026-11-24T01:50:00.000Z', by: 'admin', reference: 'Twice' }],
          }),
        },
      };
    }
    return { status: 200, body: { shift: shift() } };
  });
  await render(<ShiftBar />);
  await waitFor(() => text().includes('Open Drawer'));
  await click(button('Open Drawer'));
  await click(lastButton('Open Drawer'));
  assert.ok(text().includes('Please enter a reason'));
  assert.is(calls.filter((c) => c.url === '/api/drawer/open').length, 0);
  await typeInto(field('Reason'), 'Change for a $50 note');
  await click(lastButton('Open Drawer'));
  await waitFor(() => toastTexts().includes('success: Drawer opened at Till 1'));
  const sent = calls.find((c) => c.url === '/api/drawer/open')!;
  assert.equal(sent.body, { reason: 'Change for a $50 note' });
  assert.is(sent.headers['x-kedai-till'], 'Till 1');
  await click(button('X Report'));
  await waitFor(() => text().includes('Change for a $50 note'));
  assert.ok(text().includes('Void, Cash, by admin'));
});

test('/shifts: an ADMIN closes a forgotten open shift from the back office (no till header)', async () => {
  tillName.value = 'Back office PC';
  mockFetch((c: Call) => {
    if (c.url.endsWith('/close'))
      return {
        status: 200,
        body: {
          report: report({
            kind: 'Z',
            shift: shift({ id: 4, till: 'Till 2', status: 'CLOSED', closed_by: 'admin' }),
            count: { lines: [], counted: 100, expected: 100, variance: 0 },
          }),
        },
      };
    if (c.url.endsWith('/x-report')) return { status: 200, body: { report: report({ shift: shift({ id: 4, till: 'Till 2' }) }) } };
    return { status: 200, body: { shifts: [shift({ id: 4, till: 'Till 2' })], pagination: { page: 1, pageSize: 50, total: 1 } } };
  });
  await render(<ShiftsScreen />);
  await waitFor(() => text().includes('Till 2'));
  await click(document.querySelector<HTMLButtonElement>('button[aria-label="Close shift #4 of Till 2"]')!);
  await waitFor(() => document.querySelector('dialog'));
  await typeInto(field('S$100 notes'), '1');
  await click(lastButton('Close Shift'));
  await waitFor(() => calls.some((c) => c.url.endsWith('/close')));
  const close = calls.find((c) => c.url.endsWith('/close'))!;
  assert.is(close.headers['x-kedai-till'], undefined, "sent from the back office, not as this browser's till");
  await waitFor(() => text().includes('Z Report — Till 2'));
});

test.run();
