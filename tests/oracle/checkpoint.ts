// A checkpoint: reads every report the server has and compares it, to the cent, with what the model predicts
// (figures.ts), in a fixed order, so the first difference is the same on every run. Also checks the identity of
// docs/money.md on every report (by-method totals + credit notes taken = total sales + rounding), and on a day with one
// till that the Z report's expected cash is end-of-day's expected in the drawer.
import { centsOf, money } from './cents.js';
import { endOfDayFigures, oneTillShiftOf, salesFigures, shiftFigures, type SalesFigures } from './figures.js';
import type { Http } from './http-client.js';
import type { Diff, Shop } from './model.js';
import { parseCsv } from '../helpers/csv.js';

class Differ {
  readonly diffs: Diff[] = [];

  money(figure: string, expected: number, got: unknown): void {
    const g = centsOf(got);
    if (g !== expected) this.diffs.push({ figure, expected: money(expected), got: g === undefined ? `${JSON.stringify(got)} (missing)` : money(g) });
  }

  count(figure: string, expected: number, got: unknown): void {
    if (got !== expected) this.diffs.push({ figure, expected: String(expected), got: JSON.stringify(got) });
  }

  text(figure: string, expected: string, got: unknown): void {
    if (got !== expected) this.diffs.push({ figure, expected, got: JSON.stringify(got) });
  }

  /** A map of method -> dollars (or {amount}) against the model's cents; a method missing on either side counts as 0. */
  methods(figure: string, expected: Map<string, number>, got: unknown): void {
    if (got === null || typeof got !== 'object') {
      this.diffs.push({ figure, expected: mapText(expected), got: `${JSON.stringify(got)} (missing)` });
      return;
    }
    const server = new Map<string, number | undefined>();
    for (const [k, v] of Object.entries(got as Record<string, unknown>)) {
      server.set(k, centsOf(amountOf(v)));
    }
    const keys = [...new Set([...expected.keys(), ...server.keys()])].sort();
    for (const k of keys) {
      const e = expected.get(k) ?? 0;
      const g = server.has(k) ? server.get(k) : 0;
      if (g !== e) this.diffs.push({ figure: `${figure}.${k}`, expected: money(e), got: g === undefined ? 'not a number' : money(g) });
    }
  }

  identity(figure: string, byMethod: unknown, notesTaken: unknown, total: unknown, rounding: unknown): void {
    const methods = Object.values((byMethod ?? {}) as Record<string, unknown>)
      .map((v) => centsOf(amountOf(v)) ?? 0)
      .reduce((a, b) => a + b, 0);
    const taken = centsOf(amountOf(notesTaken)) ?? 0;
    const left = methods + taken;
    const right = (centsOf(total) ?? 0) + (centsOf(rounding) ?? 0);
    if (left !== right) {
      this.diffs.push({
        figure: `${figure.replace(/:$/, '')}: identity sum(by method) + credit_notes_taken = total_sales + rounding_total (server's own figures)`,
        expected: `${money(right)} (= ${money(centsOf(total))} + ${money(centsOf(rounding))})`,
        got: `${money(left)} (= ${money(methods)} + ${money(taken)})`,
      });
    }
  }
}

/** A figure given as dollars or as {count, amount}. */
const amountOf = (v: unknown): unknown => (typeof v === 'object' && v !== null ? (v as { amount?: unknown }).amount : v);

const mapText = (m: Map<string, number>) => [...m].map(([k, v]) => `${k} ${money(v)}`).join(', ') || '{}';

function compareSales(d: Differ, label: string, e: SalesFigures, r: any): void {
  d.money(`${label} total_sales`, e.total_sales, r.total_sales);
  d.money(`${label} total_gst`, e.total_gst, r.total_gst);
  d.money(`${label} net_sales`, e.net_sales, r.net_sales);
  d.count(`${label} invoice_count`, e.invoice_count, r.invoice_count);
  d.methods(`${label} totals_by_method`, e.totals_by_method, r.totals_by_method);
  d.money(`${label} rounding_total`, e.rounding_total, r.rounding_total);
  d.money(`${label} credit_notes_taken`, e.credit_notes_taken, r.credit_notes_taken);
  d.identity(label, r.totals_by_method, r.credit_notes_taken, r.total_sales, r.rounding_total);
  d.count(`${label} void_count`, e.void_count, r.void_count);
  d.money(`${label} void_total`, e.void_total, r.void_total);
  d.money(`${label} returns_total`, e.returns_total, r.returns_total);
  d.methods(`${label} refunds_by_method`, e.refunds_by_method, r.refunds_by_method);
  d.methods(`${label} collections_by_method`, e.collections_by_method, r.collections_by_method);
  d.money(`${label} credit_notes_applied`, e.credit_notes_applied, r.credit_notes_applied);
}

function compareCsv(d: Differ, label: string, e: SalesFigures, csv: string): void {
  const rows = parseCsv(csv);
  const blank = rows.findIndex((row) => row.length === 0 || row.every((c) => c === ''));
  const totals = new Map<string, string>();
  for (const row of rows.slice(blank + 1)) if (row.length >= 2 && row[0]) totals.set(row[0], row[1]);
  // A negative amount may be written '-1.23: the CSV escapes cells starting with - so spreadsheets do not run them as formulas.
  const dollarsOf = (raw: string | undefined) => {
    const v = raw?.replace(/^'(?=[-+])/, '');
    return v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v);
  };
  const num = (name: string, want: number, kind: 'money' | 'count' = 'money') => {
    const v = totals.get(name);
    if (kind === 'count') d.count(`${label} "${name}"`, want, v === undefined ? undefined : Number(v));
    else d.money(`${label} "${name}"`, want, dollarsOf(v));
  };
  num('Invoices', e.invoice_count, 'count');
  num('Total Sales', e.total_sales);
  num('GST', e.total_gst);
  num('Net Sales', e.net_sales);
  num('Cash Rounding', e.rounding_total);
  num('Discounts', e.discount_total);
  num('Returns', e.returns_total);
  num('Gross Profit', e.gross_profit);
  num('Voided Invoices', e.void_count, 'count');
  const methodRows = [...totals.keys()].filter((k) => k.startsWith('Payment Method '));
  const got = new Map<string, number>();
  for (const k of methodRows) got.set(k.slice('Payment Method '.length), dollarsOf(totals.get(k)) ?? Number.NaN);
  d.methods(`${label} "Payment Method ..." rows`, e.totals_by_method, Object.fromEntries(got));
  const takenRow = [...totals.keys()].find((k) => /credit notes? taken/i.test(k));
  if (takenRow) num(takenRow, e.credit_notes_taken);
  else d.money(`${label} a "Credit Notes Taken" row`, e.credit_notes_taken, e.credit_notes_taken === 0 ? 0 : undefined);
  d.identity(
    `${label} rows`,
    Object.fromEntries(got),
    takenRow ? dollarsOf(totals.get(takenRow)) : 0,
    dollarsOf(totals.get('Total Sales')),
    dollarsOf(totals.get('Cash Rounding')),
  );
}

/** Every (date | month | year) period the run touched. */
function periods(shop: Shop): { type: 'daily' | 'monthly' | 'yearly'; key: 'date' | 'month' | 'year'; value: string; from: string; to: string }[] {
  const dates = [...shop.dates].sort();
  const months = [...new Set(dates.map((x) => x.slice(0, 7)))];
  const years = [...new Set(dates.map((x) => x.slice(0, 4)))];
  const lastDay = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
  return [
    ...dates.map((v) => ({ type: 'daily' as const, key: 'date' as const, value: v, from: v, to: v })),
    ...months.map((v) => ({ type: 'monthly' as const, key: 'month' as const, value: v, from: `${v}-01`, to: lastDay(v) })),
    ...years.map((v) => ({ type: 'yearly' as const, key: 'year' as const, value: v, from: `${v}-01-01`, to: `${v}-12-31` })),
  ];
}

/** Compares every figure; returns the differences in a fixed order (empty when the server agrees with the model). */
export async function checkpoint(shop: Shop, http: Http): Promise<Diff[]> {
  const d = new Differ();
  for (const p of periods(shop)) {
    const q = `type=${p.type}&${p.key}=${p.value}`;
    const e = salesFigures(shop, p.from, p.to);
    const report = (await http.getOk(`/api/reports/sales?${q}`)).body;
    compareSales(d, `sales report ${p.type} ${p.value}:`, e, report);
    const csv = (await http.getOk(`/api/reports/sales/csv?${q}`)).text;
    compareCsv(d, `sales CSV ${p.type} ${p.value}:`, e, csv);
  }

  const eods = new Map<string, any>();
  for (const date of [...shop.dates].sort()) {
    const e = endOfDayFigures(shop, date);
    const r = (await http.getOk(`/api/reports/end-of-day?date=${date}`)).body;
    eods.set(date, r);
    const l = `end-of-day ${date}:`;
    d.count(`${l} invoice_count`, e.invoice_count, r.invoice_count);
    d.money(`${l} total_sales`, e.total_sales, r.total_sales);
    d.money(`${l} total_gst`, e.total_gst, r.total_gst);
    d.money(`${l} rounding_total`, e.rounding_total, r.rounding_total);
    d.methods(`${l} by_method`, e.by_method, r.by_method);
    d.money(`${l} credit_notes_taken`, e.credit_notes_taken, amountOf(r.credit_notes_taken));
    d.identity(l, r.by_method, r.credit_notes_taken, r.total_sales, r.rounding_total);
    d.methods(`${l} voided_sales_received`, e.voided_sales_received, r.voided_sales_received);
    d.methods(`${l} payments_received`, e.payments_received, r.payments_received);
    d.methods(`${l} refunds`, e.refunds, r.refunds);
    d.money(`${l} credit_notes_applied`, e.credit_notes_applied, amountOf(r.credit_notes_applied));
    const c = r.cash ?? {};
    for (const k of [
      'opening_floats',
      'cash_sales',
      'voided_cash_sales',
      'customer_payments',
      'refunds',
      'pay_ins',
      'pay_outs',
      'expected_in_drawer',
    ] as const) {
      d.money(`${l} cash.${k}`, e.cash[k], c[k]);
    }
  }

  const reports = new Map<number, any>();
  for (const s of [...shop.shifts.values()].sort((a, b) => a.id - b.id)) {
    const e = shiftFigures(shop, s);
    const kind = s.open ? 'x-report' : 'z-report';
    const r = (await http.getOk(`/api/shifts/${s.id}/${kind}`)).body.report;
    reports.set(s.id, r);
    const l = `${s.open ? 'X' : 'Z'} report of shift ${s.id} (${s.till}):`;
    d.money(`${l} cash.opening_float`, e.opening_float, r.cash?.opening_float);
    d.money(`${l} cash.cash_sales`, e.cash_sales, r.cash?.cash_sales);
    d.money(`${l} cash.cash_refunds`, e.cash_refunds, r.cash?.cash_refunds);
    d.money(`${l} cash.pay_ins`, e.pay_ins, r.cash?.pay_ins);
    d.money(`${l} cash.pay_outs`, e.pay_outs, r.cash?.pay_outs);
    d.money(`${l} cash.expected`, e.expected, r.cash?.expected);
    const lines = (xs: any) => Object.fromEntries(((xs ?? []) as { method: string; amount: number }[]).map((x) => [x.method, x.amount]));
    d.methods(`${l} takings`, e.takings, lines(r.takings));
    d.methods(`${l} refunds`, e.refunds, lines(r.refunds));
    d.count(`${l} sales.invoice_count`, e.invoice_count, r.sales?.invoice_count);
    d.money(`${l} sales.total`, e.total, r.sales?.total);
    d.money(`${l} sales.rounding`, e.rounding, r.sales?.rounding);
    if (e.variance !== null) d.money(`${l} count.variance`, e.variance, r.count?.variance);
  }

  // On a day with one till whose shift opened and closed that day: Z = end-of-day, to the cent (server against itself).
  for (const date of [...shop.dates].sort()) {
    const s = oneTillShiftOf(shop, date);
    if (!s) continue;
    const z = reports.get(s.id);
    const eod = eods.get(date);
    const zc = centsOf(z?.cash?.expected);
    const ec = centsOf(eod?.cash?.expected_in_drawer);
    if (zc !== ec)
      d.diffs.push({
        figure: `one-till day ${date}: Z report of shift ${s.id} cash.expected = end-of-day cash.expected_in_drawer`,
        expected: money(ec),
        got: money(zc),
      });
  }

  const customers: any[] = (await http.getOk('/api/customers?pageSize=200')).body.customers;
  for (const c of [...shop.customers.values()].sort((a, b) => a.id - b.id)) {
    const got = customers.find((x) => x.id === c.id);
    d.money(`customer ${c.name} (#${c.id}) outstanding_balance`, shop.customerOutstanding(c.id), got?.outstanding_balance);
  }

  const notes: any[] = [];
  for (let page = 1; ; page++) {
    const r = (await http.getOk(`/api/returns/credit-notes?pageSize=200&page=${page}`)).body;
    notes.push(...r.credit_notes);
    if (r.credit_notes.length < 200) break;
  }
  for (const n of [...shop.notes.values()].sort((a, b) => a.id - b.id)) {
    const got = notes.find((x) => x.id === n.id);
    const l = `credit note ${n.number} (#${n.id})`;
    d.money(`${l} amount`, n.amount, got?.amount);
    d.money(`${l} applied_amount`, n.applied, got?.applied_amount);
    d.text(`${l} status`, shop.noteStatus(n), got?.status);
  }
  for (const x of notes) {
    if (!shop.notes.has(x.id))
      d.diffs.push({
        figure: `credit note ${x.number} (#${x.id}) on ${x.invoice?.number}`,
        expected: 'no such note',
        got: `${x.status} ${money(centsOf(x.amount))} (applied ${money(centsOf(x.applied_amount))})`,
      });
  }

  const products: any[] = (await http.getOk('/api/products?pageSize=200')).body.products;
  for (const p of [...shop.products.values()].sort((a, b) => a.id - b.id)) {
    d.count(`stock of ${p.name} (#${p.id})`, p.stock, products.find((x) => x.id === p.id)?.stock_qty);
  }
  return d.diffs;
}
