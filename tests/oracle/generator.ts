// The generator: fast-check commands (model-based testing). Each command carries abstract choices drawn by fast-check
// (which invoice, what share of the total, which tender...), resolved against the model when it runs into one concrete
// operation, so the same choices replay to the same requests and fast-check can shrink the list of operations.
import fc from 'fast-check';
import { round5 } from './cents.js';
import type { PhaseContext, World } from './driver.js';
import type { Till } from './ledger.js';
import type { Invoice, LineReq, Op, PayReq, Shop } from './model.js';

type Cmd = fc.AsyncCommand<Shop, World, boolean>;

interface LinePick {
  p: number;
  qty: number;
  disc: number;
}

const linePick = fc.record({
  p: fc.nat(),
  qty: fc.integer({ min: 1, max: 3 }),
  disc: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }) }),
});
const lines = (max = 3) => fc.array(linePick, { minLength: 1, maxLength: max });
const pct = fc.integer({ min: 1, max: 99 });

function pickOf<T>(xs: readonly T[], i: number): T | undefined {
  return xs.length ? xs[i % xs.length] : undefined;
}

function resolveLines(shop: Shop, picks: LinePick[]): LineReq[] {
  const products = [...shop.products.values()].sort((a, b) => a.id - b.id);
  return picks.map((l) => {
    const p = products[l.p % products.length];
    return { productId: p.id, qty: l.qty, discountCents: Math.floor((l.qty * p.priceCents * l.disc) / 100) };
  });
}

/** What the cash part of `total` costs in cash now (rounded when the shop rounds cash). */
function cashToPay(shop: Shop, total: number): number {
  return shop.cashRounding && round5(total) > 0 ? round5(total) : total;
}

const tillIn = (ctx: PhaseContext, i: number): Till => ctx.tills[i % ctx.tills.length];

/** Newest first: fc.nat() leans to small numbers, so recent invoices are picked more often. */
function newestFirst(shop: Shop, f: (i: Invoice) => boolean): Invoice[] {
  return [...shop.invoices.values()].filter(f).sort((a, b) => b.id - a.id);
}

/** Where money can be paid back for `inv`: a till with an open shift, or the back office when the money's shift is known. */
function refundWhere(shop: Shop, ctx: PhaseContext, inv: Invoice, where: number): Till | null | undefined {
  const backOfficeOk = inv.shiftId !== null && inv.customerPayments === 0;
  const wanted = where >= ctx.tills.length ? null : tillIn(ctx, where);
  if (wanted && shop.openShift(wanted)) return wanted;
  if (wanted === null && backOfficeOk) return null;
  const other = ctx.tills.find((t) => shop.openShift(t));
  if (other) return other;
  return backOfficeOk ? null : undefined;
}

abstract class Base<P> implements Cmd {
  constructor(
    readonly ctx: PhaseContext,
    readonly p: P,
  ) {}
  abstract resolve(shop: Shop): Op | null;
  check(shop: Readonly<Shop>): boolean {
    return this.resolve(shop as Shop) !== null;
  }
  async run(shop: Shop, world: World): Promise<void> {
    const op = this.resolve(shop);
    if (op) await world.execute(op);
  }
  toString(): string {
    return `${this.constructor.name.replace(/Cmd$/, '')}${JSON.stringify(this.p)}`;
  }
}

// ---------- sales ----------

type WalkInTender = {
  kind: 'cash' | 'tendered' | 'short' | 'exact' | 'nets' | 'paynow' | 'split' | 'note';
  pct: number;
  extra: number;
  rest: boolean;
  note: number;
  any: boolean;
};

class SaleCmd extends Base<{ till: number; admin: boolean; lines: LinePick[]; t: WalkInTender; bulk: boolean }> {
  resolve(shop: Shop): Op | null {
    const { p } = this;
    const ls = resolveLines(shop, p.lines);
    // Now and then one unit more than the shelf holds: refused (409), and nothing written.
    if (p.bulk)
      ls[0] = {
        ...ls[0],
        qty: Math.max(
          1,
          shop.stockOf(ls[0].productId) +
            1 -
            ls
              .slice(1)
              .filter((l) => l.productId === ls[0].productId)
              .reduce((a, l) => a + l.qty, 0),
        ),
      };
    const total = shop.quote(ls).grand;
    let payments: PayReq[] = [];
    let tendered: number | null = null;
    const t = p.t;
    const part = Math.min(total - 1, Math.max(1, Math.floor((total * t.pct) / 100)));
    switch (t.kind) {
      case 'cash':
        break;
      case 'tendered':
        tendered = cashToPay(shop, total) + t.extra;
        break;
      case 'short':
        tendered = Math.max(0, cashToPay(shop, total) - 1 - (t.extra % 500));
        break;
      case 'exact':
        payments = [{ method: 'CASH', cents: total }];
        break;
      case 'nets':
        payments = [{ method: 'NETS', cents: total }];
        break;
      case 'paynow':
        payments = [{ method: 'PAYNOW', cents: total }];
        break;
      case 'split': {
        if (total < 2) break;
        payments = [
          { method: t.pct % 2 ? 'NETS' : 'PAYNOW', cents: part },
          { method: 'CASH', cents: total - part },
        ];
        if (t.rest) tendered = cashToPay(shop, total - part) + t.extra;
        break;
      }
      case 'note': {
        // A walk-in's note (a bearer note), or with `any` any note at all (a used one or a customer's: refused).
        const notes = [...shop.notes.values()].filter((n) => t.any || (n.customerId === null && shop.noteAvailable(n) > 0)).sort((a, b) => b.id - a.id);
        const note = pickOf(notes, t.note);
        if (!note) break;
        const avail = Math.max(1, shop.noteAvailable(note));
        const cents = Math.max(1, Math.floor((Math.min(avail, total) * (t.any ? 100 : Math.max(t.pct, 30))) / 100));
        payments = [{ method: 'CREDIT_NOTE', cents, noteId: note.id }];
        if (cents < total) payments.push({ method: t.rest ? 'CASH' : 'NETS', cents: total - cents });
        break;
      }
    }
    return { type: 'sale', till: tillIn(this.ctx, p.till), user: p.admin ? 'admin' : 'staff', customerId: null, lines: ls, payments, tenderedCents: tendered };
  }
}

type CustomerTender = {
  kind: 'account' | 'part' | 'fullCash' | 'roundedCash' | 'fullNets' | 'note' | 'walkinNote' | 'foreignNote';
  method: number;
  pct: number;
  tendered: boolean;
  extra: number;
  note: number;
  restCash: boolean;
};

class CustomerSaleCmd extends Base<{ cust: number; till: number; admin: boolean; lines: LinePick[]; t: CustomerTender }> {
  resolve(shop: Shop): Op | null {
    const customers = [...shop.customers.values()].sort((a, b) => a.id - b.id);
    const c = pickOf(customers, this.p.cust);
    if (!c) return null;
    const ls = resolveLines(shop, this.p.lines);
    const total = shop.quote(ls).grand;
    const t = this.p.t;
    let payments: PayReq[] = [];
    let tendered: number | null = null;
    const noteOf = (f: (n: { customerId: number | null }) => boolean) =>
      pickOf(
        [...shop.notes.values()].filter((n) => f(n) && shop.noteAvailable(n) > 0).sort((a, b) => b.id - a.id),
        t.note,
      );
    switch (t.kind) {
      case 'account':
        break;
      case 'part': {
        // Well below the cash due, so it is a part paid now (the rest on account) whatever the rounding.
        const cents = Math.min(total - 5, Math.max(1, Math.floor((total * Math.min(80, Math.max(10, t.pct))) / 100)));
        if (cents >= 1) payments = [{ method: (['CASH', 'NETS', 'PAYNOW'] as const)[t.method % 3], cents }];
        break;
      }
      case 'fullCash':
        payments = [{ method: 'CASH', cents: total }];
        if (t.tendered) tendered = cashToPay(shop, total) + t.extra;
        break;
      // The amount a walk-in would hand over: the cash due rounded to 5 cents (a sale settled in full, like a walk-in's).
      case 'roundedCash':
        payments = [{ method: 'CASH', cents: cashToPay(shop, total) }];
        break;
      case 'fullNets':
        payments = [{ method: 'NETS', cents: total }];
        break;
      case 'note':
      case 'walkinNote':
      case 'foreignNote': {
        const note =
          t.kind === 'note'
            ? noteOf((n) => n.customerId === c.id)
            : t.kind === 'walkinNote'
              ? noteOf((n) => n.customerId === null)
              : noteOf((n) => n.customerId !== null && n.customerId !== c.id);
        if (!note) break;
        const cents = Math.max(1, Math.floor((Math.min(shop.noteAvailable(note), total) * Math.max(30, t.pct)) / 100));
        payments = [{ method: 'CREDIT_NOTE', cents, noteId: note.id }];
        if (t.restCash && cents < total) payments.push({ method: 'CASH', cents: total - cents });
        break;
      }
    }
    return {
      type: 'sale',
      till: tillIn(this.ctx, this.p.till),
      user: this.p.admin ? 'admin' : 'staff',
      customerId: c.id,
      lines: ls,
      payments,
      tenderedCents: tendered,
    };
  }
}

class NewCustomerCmd extends Base<{ limit: number; terms: number }> {
  resolve(shop: Shop): Op | null {
    return { type: 'customer', name: `Customer ${shop.customers.size + 1}`, limitCents: this.p.limit, termsDays: this.p.terms };
  }
}

class CustomerPaymentCmd extends Base<{ cust: number; till: number; method: number; pct: number; over: boolean }> {
  resolve(shop: Shop): Op | null {
    const customers = [...shop.customers.values()].filter((c) => this.p.over || shop.customerOutstanding(c.id) > 0).sort((a, b) => a.id - b.id);
    const c = pickOf(customers, this.p.cust);
    if (!c) return null;
    const owed = shop.customerOutstanding(c.id);
    const cents = this.p.over ? owed + 1 + (this.p.pct % 50) : Math.max(1, Math.floor((owed * this.p.pct) / 100));
    const method = (['CASH', 'NETS', 'PAYNOW', 'BANK_TRANSFER'] as const)[this.p.method % 4];
    return { type: 'payment', customerId: c.id, method, cents, till: tillIn(this.ctx, this.p.till) };
  }
}

// ---------- returns, exchanges, voids ----------

function returnItems(inv: Invoice, mask: number, qtyPick: number, over: boolean): { productId: number; qty: number }[] {
  const open = inv.lines.filter((l) => over || l.qty > l.returned);
  if (!open.length) return [];
  const chosen = open.filter((_, i) => (mask >> i) & 1);
  const use = chosen.length ? chosen : [open[mask % open.length]];
  return use.map((l) => {
    const left = l.qty - l.returned;
    return { productId: l.productId, qty: over ? left + 1 : 1 + (qtyPick % Math.max(1, left)) };
  });
}

const REFUND_METHODS = ['CREDIT_NOTE', 'CASH', 'NETS', 'PAYNOW'] as const;

class ReturnCmd extends Base<{ inv: number; mask: number; qty: number; method: number; where: number; over: boolean }> {
  resolve(shop: Shop): Op | null {
    const p = this.p;
    const invs = newestFirst(shop, (i) => (p.over ? true : !i.voided && i.lines.some((l) => l.qty > l.returned)));
    const inv = pickOf(invs, p.inv);
    if (!inv) return null;
    const items = returnItems(inv, p.mask, p.qty, p.over);
    if (!items.length) return null;
    let method: (typeof REFUND_METHODS)[number] = REFUND_METHODS[p.method % 4];
    let till: Till | null = p.where >= this.ctx.tills.length ? null : tillIn(this.ctx, p.where);
    if (method !== 'CREDIT_NOTE') {
      const w = refundWhere(shop, this.ctx, inv, p.where);
      if (w === undefined) method = 'CREDIT_NOTE';
      else till = w;
    }
    return { type: 'return', invoiceId: inv.id, items, method, till };
  }
}

class ExchangeCmd extends Base<{ inv: number; mask: number; qty: number; till: number; lines: LinePick[]; pay: number; extra: number; method: number }> {
  resolve(shop: Shop): Op | null {
    const p = this.p;
    // Only invoices with nothing owed: docs/money.md does not say whether an exchange's note first pays what is owed.
    const invs = newestFirst(shop, (i) => !i.voided && i.outstanding === 0 && i.lines.some((l) => l.qty > l.returned));
    const inv = pickOf(invs, p.inv);
    if (!inv) return null;
    const items = returnItems(inv, p.mask, p.qty, false);
    const till = tillIn(this.ctx, p.till);
    let method: (typeof REFUND_METHODS)[number] = REFUND_METHODS[p.method % 4];
    if (method !== 'CREDIT_NOTE' && !shop.openShift(till)) method = 'CREDIT_NOTE';
    const ls = resolveLines(shop, p.lines);
    const back = shop.returnPart(inv, items);
    const value = back.value;
    const total = shop.quote(shop.withCarried(back.taken, ls)).grand;
    let payments: PayReq[] = [];
    let tendered: number | null = null;
    if (total > value) {
      const rest = total - value;
      switch (p.pay % 4) {
        case 0:
          payments = [{ method: 'CASH', cents: rest }];
          break;
        case 1:
          payments = [{ method: 'CASH', cents: rest }];
          tendered = cashToPay(shop, rest) + p.extra;
          break;
        case 2:
          payments = [{ method: 'NETS', cents: rest }];
          break;
        case 3:
          break; // nothing: on account for a customer, refused for a walk-in
      }
    }
    return { type: 'exchange', invoiceId: inv.id, items, sale: { lines: ls, payments, tenderedCents: tendered }, method, till };
  }
}

class VoidCmd extends Base<{ inv: number; where: number; any: boolean }> {
  resolve(shop: Shop): Op | null {
    // Mostly invoices a void may take; now and then any (a VOID one, one with returns or notes: refused).
    const voidable = (i: Invoice) => !i.voided && i.returns === 0 && i.notesIssued === 0 && !i.paidByNote;
    const inv = pickOf(
      newestFirst(shop, (i) => this.p.any || voidable(i)),
      this.p.inv,
    );
    if (!inv) return null;
    const w = refundWhere(shop, this.ctx, inv, this.p.where);
    if (w === undefined) return null;
    return { type: 'void', invoiceId: inv.id, till: w };
  }
}

// ---------- drawers ----------

class CashMoveCmd extends Base<{ till: number; payIn: boolean; cents: number; tooMuch: boolean }> {
  resolve(shop: Shop): Op | null {
    const till = tillIn(this.ctx, this.p.till);
    const s = shop.openShift(till) ?? this.ctx.tills.map((t) => shop.openShift(t)).find(Boolean);
    if (!s) return null;
    const expected = shop.expectedCash(s.id);
    if (this.p.payIn || expected < 200) return { type: 'move', shiftId: s.id, kind: 'PAY_IN', cents: this.p.cents };
    const cents = this.p.tooMuch ? expected + 1 + (this.p.cents % 100) : Math.max(1, Math.min(this.p.cents, Math.floor(expected / 2)));
    return { type: 'move', shiftId: s.id, kind: 'PAY_OUT', cents };
  }
}

class OpenShiftCmd extends Base<{ till: number; float: number }> {
  resolve(_shop: Shop): Op | null {
    const till = tillIn(this.ctx, this.p.till);
    return { type: 'open', till, floatCents: this.p.float };
  }
}

const DENOMS: [string, number][] = [
  ['1000', 100000],
  ['100', 10000],
  ['50', 5000],
  ['10', 1000],
  ['5', 500],
  ['2', 200],
  ['1', 100],
  ['0.50', 50],
  ['0.20', 20],
  ['0.10', 10],
  ['0.05', 5],
];

/** A drawer count of `cents` (a multiple of 5) in Singapore notes and coins. */
export function countOf(cents: number): Record<string, number> {
  const out: Record<string, number> = {};
  let left = cents;
  for (const [key, v] of DENOMS) {
    const n = Math.floor(left / v);
    if (n > 0) {
      out[key] = n;
      left -= n * v;
    }
  }
  if (left !== 0) throw new Error(`cannot count ${cents} cents in notes and coins`);
  return out;
}

class CloseShiftCmd extends Base<{ till: number; variance: number }> {
  resolve(shop: Shop): Op | null {
    const s = shop.openShift(tillIn(this.ctx, this.p.till)) ?? this.ctx.tills.map((t) => shop.openShift(t)).find(Boolean);
    if (!s) return null;
    const counted = Math.max(0, round5(shop.expectedCash(s.id) + this.p.variance));
    return { type: 'close', shiftId: s.id, counted: countOf(counted), countedCents: counted };
  }
}

class RestockCmd extends Base<{ product: number; qty: number }> {
  resolve(shop: Shop): Op | null {
    const products = [...shop.products.values()].sort((a, b) => a.stock - b.stock || a.id - b.id);
    const p = pickOf(products, this.p.product);
    return p ? { type: 'restock', productId: p.id, qty: this.p.qty } : null;
  }
}

/** A checkpoint in the middle of a phase: every report against the model. */
class CheckCmd implements Cmd {
  constructor(readonly ctx: PhaseContext) {}
  check(): boolean {
    return true;
  }
  async run(shop: Shop, world: World): Promise<void> {
    void shop;
    await world.checkpoint(`in phase ${this.ctx.phase}`);
  }
  toString(): string {
    return 'Checkpoint';
  }
}

// ---------- the arbitraries ----------

/** True now and then (about 1 in 13): the operations meant to be refused. */
const rare = fc.oneof({ weight: 12, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

const walkInTender: fc.Arbitrary<WalkInTender> = fc.record({
  kind: fc.oneof(
    { weight: 4, arbitrary: fc.constant('cash' as const) },
    { weight: 3, arbitrary: fc.constant('tendered' as const) },
    { weight: 1, arbitrary: fc.constant('short' as const) },
    { weight: 2, arbitrary: fc.constant('exact' as const) },
    { weight: 3, arbitrary: fc.constant('nets' as const) },
    { weight: 2, arbitrary: fc.constant('paynow' as const) },
    { weight: 3, arbitrary: fc.constant('split' as const) },
    { weight: 3, arbitrary: fc.constant('note' as const) },
  ),
  pct,
  extra: fc.integer({ min: 0, max: 5000 }),
  rest: fc.boolean(),
  note: fc.nat(),
  any: rare,
});

const customerTender: fc.Arbitrary<CustomerTender> = fc.record({
  kind: fc.oneof(
    { weight: 4, arbitrary: fc.constant('account' as const) },
    { weight: 4, arbitrary: fc.constant('part' as const) },
    { weight: 3, arbitrary: fc.constant('fullCash' as const) },
    { weight: 2, arbitrary: fc.constant('roundedCash' as const) },
    { weight: 1, arbitrary: fc.constant('fullNets' as const) },
    { weight: 3, arbitrary: fc.constant('note' as const) },
    { weight: 1, arbitrary: fc.constant('walkinNote' as const) },
    { weight: 1, arbitrary: fc.constant('foreignNote' as const) },
  ),
  method: fc.nat(2),
  pct,
  tendered: fc.boolean(),
  extra: fc.integer({ min: 0, max: 3000 }),
  note: fc.nat(),
  restCash: fc.boolean(),
});

/** The operations' names (ORACLE_OPS=sale,return,... keeps a run to some of them). */
export const OPERATION_NAMES = [
  'sale',
  'customer-sale',
  'new-customer',
  'payment',
  'return',
  'exchange',
  'void',
  'cash-move',
  'restock',
  'check',
  'open-shift',
  'close-shift',
] as const;

/** One chunk of a phase: up to `max` operations (fast-check shrinks it by dropping and simplifying operations). */
export function chunkArbitrary(ctx: PhaseContext, max: number, only?: ReadonlySet<string>): fc.Arbitrary<Iterable<Cmd>> {
  return fc.commands([phaseCommand(ctx, only)], { maxCommands: max, size: 'max' });
}

/** One operation of a phase, drawn by weight. */
function phaseCommand(ctx: PhaseContext, only?: ReadonlySet<string>): fc.Arbitrary<Cmd> {
  const till = fc.nat(1);
  const where = fc.nat(2);
  let list: [number, fc.Arbitrary<Cmd>, string][] = [
    [16, fc.record({ till, admin: fc.boolean(), lines: lines(), t: walkInTender, bulk: rare }).map((p) => new SaleCmd(ctx, p)), 'sale'],
    [11, fc.record({ cust: fc.nat(), till, admin: fc.boolean(), lines: lines(), t: customerTender }).map((p) => new CustomerSaleCmd(ctx, p)), 'customer-sale'],
    [
      1,
      fc.record({ limit: fc.constantFrom(0, 30_000, 100_000, 500_000, 1_000_000), terms: fc.constantFrom(0, 7, 30) }).map((p) => new NewCustomerCmd(ctx, p)),
      'new-customer',
    ],
    [
      5,
      fc.record({ cust: fc.nat(), till, method: fc.nat(3), pct: fc.integer({ min: 1, max: 100 }), over: rare }).map((p) => new CustomerPaymentCmd(ctx, p)),
      'payment',
    ],
    [10, fc.record({ inv: fc.nat(), mask: fc.nat(7), qty: fc.nat(), method: fc.nat(3), where, over: rare }).map((p) => new ReturnCmd(ctx, p)), 'return'],
    [
      4,
      fc
        .record({
          inv: fc.nat(),
          mask: fc.nat(7),
          qty: fc.nat(),
          till,
          lines: lines(2),
          pay: fc.nat(3),
          extra: fc.integer({ min: 0, max: 2000 }),
          method: fc.nat(3),
        })
        .map((p) => new ExchangeCmd(ctx, p)),
      'exchange',
    ],
    [3, fc.record({ inv: fc.nat(), where, any: rare }).map((p) => new VoidCmd(ctx, p)), 'void'],
    [3, fc.record({ till, payIn: fc.boolean(), cents: fc.integer({ min: 100, max: 20_000 }), tooMuch: rare }).map((p) => new CashMoveCmd(ctx, p)), 'cash-move'],
    [3, fc.record({ product: fc.nat(2), qty: fc.integer({ min: 10, max: 40 }) }).map((p) => new RestockCmd(ctx, p)), 'restock'],
    [1, fc.constant(null).map(() => new CheckCmd(ctx)), 'check'],
  ];
  if (ctx.shiftOps) {
    list.push(
      [2, fc.record({ till, float: fc.constantFrom(5_000, 10_000, 20_000, 15_050) }).map((p) => new OpenShiftCmd(ctx, p)), 'open-shift'],
      [2, fc.record({ till, variance: fc.constantFrom(0, 0, 0, 5, -5, -100, 250, -1_000) }).map((p) => new CloseShiftCmd(ctx, p)), 'close-shift'],
    );
  }
  if (only?.size) list = list.filter(([, , name]) => only.has(name));
  return fc.oneof(...list.map(([weight, arbitrary]) => ({ weight, arbitrary })));
}
