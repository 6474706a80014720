// The oracle's model of the shop: products, customers, invoices, credit notes, shifts and the ledger rows, and for
// every operation a Plan: the request to send, whether the server must accept it (or which refusals are right), the
// figures its reply must show, and what it writes (commit, with the ids and dates the server gave).
// Written from docs/money.md, the issue's rules (#25), CONTRACT.md and the spec comments of plugins/returns/refund.ts and
// plugins/sales/pricing.ts; it imports nothing from core/ or plugins/.
import { floor5, gstInside, gstOnTop, largestRemainder, mulDivHalfUp, round5, shopDate } from './cents.js';
// #26.3's carried price is a rule of its own (docs/money.md, "Exchanges"), tested by plugins/returns/exchange-carry.test.ts;
// the oracle applies it as written there and checks everything it feeds (totals, GST, notes, ledger).
import { carriedDiscounts } from '../../plugins/returns/carry-price.js';
import { isMoneyBack, isMoneyIn, type MoneyMethod, type Row, type RowKind, type RowMethod, type Till } from './ledger.js';

export type User = 'admin' | 'staff';
export type TillMethod = 'CASH' | 'NETS' | 'PAYNOW' | 'CREDIT_NOTE';
export type RefundMethod = 'CREDIT_NOTE' | 'CASH' | 'NETS' | 'PAYNOW';

export interface Product {
  id: number;
  name: string;
  priceCents: number;
  costCents: number;
  stock: number;
}
export interface Customer {
  id: number;
  name: string;
  limitCents: number;
}

export interface Line {
  productId: number;
  name: string;
  qty: number;
  unitCents: number;
  costCents: number;
  discountCents: number;
  totalCents: number;
  returned: number;
  /** The line's share of the invoice before GST and of its GST (largest remainder). */
  netShare: number;
  taxShare: number;
}

export interface Invoice {
  id: number;
  number: string;
  date: string;
  customerId: number | null;
  till: Till;
  shiftId: number | null;
  lines: Line[];
  grand: number;
  tax: number;
  rounding: number;
  lineDiscount: number;
  voided: boolean;
  voidDate: string | null;
  /** What the customer still owes on it. */
  outstanding: number;
  returns: number;
  notesIssued: number;
  paidByNote: boolean;
  customerPayments: number;
  /** Cash refunds of this invoice: their exact amounts and the cash paid out (running-total rounding). */
  cashExact: number;
  cashPaid: number;
}

export interface Note {
  id: number;
  number: string;
  /** What a till types to spend it: a walk-in's note by its redemption code when the server gives one, else the number. */
  tenderRef: string;
  invoiceId: number;
  customerId: number | null;
  amount: number;
  applied: number;
}

export interface Shift {
  id: number;
  till: Till;
  floatCents: number;
  openedDate: string;
  closedDate: string | null;
  open: boolean;
  countedCents: number | null;
  /** Expected cash at close, as the model computed it then. */
  expectedAtClose: number | null;
}

export interface ReturnRecord {
  invoiceId: number;
  date: string;
  value: number;
  op: number;
}

export interface LineReq {
  productId: number;
  qty: number;
  discountCents: number;
}
export interface PayReq {
  method: TillMethod;
  cents: number;
  noteId?: number;
}

export interface SaleOp {
  type: 'sale';
  till: Till;
  user: User;
  customerId: number | null;
  lines: LineReq[];
  payments: PayReq[];
  tenderedCents: number | null;
}
export interface CustomerOp {
  type: 'customer';
  name: string;
  limitCents: number;
  termsDays: number;
}
export interface PaymentOp {
  type: 'payment';
  customerId: number;
  method: MoneyMethod;
  cents: number;
  till: Till;
}
export interface ReturnOp {
  type: 'return';
  invoiceId: number;
  items: { productId: number; qty: number }[];
  method: RefundMethod;
  till: Till | null;
}
export interface ExchangeOp {
  type: 'exchange';
  invoiceId: number;
  items: { productId: number; qty: number }[];
  sale: { lines: LineReq[]; payments: PayReq[]; tenderedCents: number | null };
  method: RefundMethod;
  till: Till;
}
export interface VoidOp {
  type: 'void';
  invoiceId: number;
  till: Till | null;
}
export interface MoveOp {
  type: 'move';
  shiftId: number;
  kind: 'PAY_IN' | 'PAY_OUT';
  cents: number;
}
export interface OpenOp {
  type: 'open';
  till: Till;
  floatCents: number;
}
export interface CloseOp {
  type: 'close';
  shiftId: number;
  counted: Record<string, number>;
  countedCents: number;
}
export interface RestockOp {
  type: 'restock';
  productId: number;
  qty: number;
}
export type Op = SaleOp | CustomerOp | PaymentOp | ReturnOp | ExchangeOp | VoidOp | MoveOp | OpenOp | CloseOp | RestockOp;

export interface Request {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  user: User;
  till: Till | null;
}

export type Expectation = { ok: true } | { ok: false; statuses: number[]; why: string };

/** A difference between what the model predicts and what the server says. */
export interface Diff {
  figure: string;
  expected: string;
  got: string;
}

/** Thrown by a commit when the reply shows the server wrote something else than the model predicts. */
export class ReplyMismatch extends Error {
  constructor(readonly diff: Diff) {
    super(`${diff.figure}: expected ${diff.expected}, got ${diff.got}`);
  }
}

export interface Plan {
  describe: string;
  request: Request;
  expect: Expectation;
  /** Checks the reply of an accepted request (figures it carries), before commit. */
  checkReply?(reply: any): Diff[];
  /** Applies the accepted operation's effects (ids and dates from the reply). */
  commit(reply: any): void;
}

/** The outcome of paying a sale: the rows it writes, or why it is refused. */
export interface TenderResult {
  ok: boolean;
  why?: string;
  status?: number;
  /** The exact cash part of the grand total paid in cash now. */
  cashExact: number;
  rounding: number;
  nets: number;
  paynow: number;
  notes: { noteId: number; cents: number }[];
  credit: number;
  /** The cash the customer must hand over (cash part rounded). */
  cashToPay: number;
}

const CN_REFERENCE_REQUIRED = 'a credit note payment needs its reference';

/** Quote of a cart: the invoice's lines and totals in the current price mode. */
export interface Quote {
  lines: Line[];
  grand: number;
  tax: number;
  lineDiscount: number;
  subtotal: number;
}

export class Shop {
  pricesIncludeGst = false;
  cashRounding = false;
  readonly products = new Map<number, Product>();
  readonly customers = new Map<number, Customer>();
  readonly invoices = new Map<number, Invoice>();
  readonly notes = new Map<number, Note>();
  readonly shifts = new Map<number, Shift>();
  readonly rows: Row[] = [];
  readonly returnsLog: ReturnRecord[] = [];
  /** Every business date the run touched (for the reports to fetch). */
  readonly dates = new Set<string>();
  /** The operation number the next rows are stamped with. */
  op = 0;

  // ---------- reading the state ----------

  openShift(till: Till): Shift | undefined {
    for (const s of this.shifts.values()) if (s.till === till && s.open) return s;
    return undefined;
  }

  customerOutstanding(customerId: number): number {
    let sum = 0;
    for (const inv of this.invoices.values()) if (inv.customerId === customerId && !inv.voided) sum += inv.outstanding;
    return sum;
  }

  /** Money received on an invoice less money already paid back on it (any money method, rounding included). */
  refundable(invoiceId: number): number {
    let n = 0;
    for (const r of this.rows) {
      if (r.invoiceId !== invoiceId) continue;
      if (isMoneyIn(r)) n += r.cents;
      else if (isMoneyBack(r)) n += r.cents;
    }
    return n;
  }

  /** The drawer's expected cash: opening float + every CASH row of the shift. */
  expectedCash(shiftId: number): number {
    const s = this.shifts.get(shiftId)!;
    let n = s.floatCents;
    for (const r of this.rows) if (r.shiftId === shiftId && r.method === 'CASH') n += r.cents;
    return n;
  }

  noteAvailable(n: Note): number {
    return n.amount - n.applied;
  }

  noteStatus(n: Note): 'ACTIVE' | 'USED' {
    return n.amount - n.applied > 0 ? 'ACTIVE' : 'USED';
  }

  /** How many units of a product can be sold now. */
  stockOf(productId: number): number {
    return this.products.get(productId)?.stock ?? 0;
  }

  // ---------- pricing ----------

  /** Prices a cart as the server must: line totals, GST once per invoice (on top, or the 9/109 inside), grand total. */
  quote(reqLines: LineReq[]): Quote {
    const merged = new Map<number, LineReq>();
    for (const l of reqLines) {
      const m = merged.get(l.productId);
      if (m) {
        m.qty += l.qty;
        m.discountCents += l.discountCents;
      } else merged.set(l.productId, { ...l });
    }
    const lines: Line[] = [...merged.values()].map((l) => {
      const p = this.products.get(l.productId)!;
      const gross = l.qty * p.priceCents;
      return {
        productId: p.id,
        name: p.name,
        qty: l.qty,
        unitCents: p.priceCents,
        costCents: p.costCents,
        discountCents: l.discountCents,
        totalCents: gross - l.discountCents,
        returned: 0,
        netShare: 0,
        taxShare: 0,
      };
    });
    const subtotal = lines.reduce((s, l) => s + l.totalCents, 0);
    const lineDiscount = lines.reduce((s, l) => s + l.discountCents, 0);
    const tax = this.pricesIncludeGst ? gstInside(subtotal) : gstOnTop(subtotal);
    const grand = this.pricesIncludeGst ? subtotal : subtotal + tax;
    // The refund shares (plugins/returns/refund.ts header): the amount before GST and the GST spread by largest remainder.
    const nets = largestRemainder(
      grand - tax,
      lines.map((l) => l.totalCents),
    );
    const taxes = largestRemainder(tax, nets);
    lines.forEach((l, i) => {
      l.netShare = nets[i];
      l.taxShare = taxes[i];
    });
    return { lines, grand, tax, lineDiscount, subtotal };
  }

  /** The value of returning `qty` more units of a line (its share x (before+qty)/qty - share x before/qty, net and GST each half-up). */
  returnValue(line: Line, qty: number, before = line.returned): number {
    const part = (share: number) => mulDivHalfUp(share, before + qty, line.qty) - mulDivHalfUp(share, before, line.qty);
    return part(line.netShare) + part(line.taxShare);
  }

  /**
   * How a sale is paid (docs/money.md, #17.2): NETS/PayNow/credit notes as sent, cash covers the rest (change allowed);
   * the cash part of a sale settled now rounds to 5 cents when the shop rounds cash (a customer's sale settled in full in
   * cash rounds like a walk-in's; a part left on account stays exact; a cash part of 1-2 cents is not rounded).
   */
  tender(total: number, payments: PayReq[], tenderedCents: number | null, onAccount: boolean): TenderResult {
    const res: TenderResult = { ok: true, cashExact: 0, rounding: 0, nets: 0, paynow: 0, notes: [], credit: 0, cashToPay: 0 };
    const refuse = (why: string, status = 400) => ({ ...res, ok: false, why, status });
    const received = payments.filter((p) => p.cents > 0);
    for (const p of received) if (p.method === 'CREDIT_NOTE' && p.noteId === undefined) return refuse(CN_REFERENCE_REQUIRED);
    const cash = received.filter((p) => p.method === 'CASH');
    const other = received.filter((p) => p.method !== 'CASH');
    const nonCash = other.reduce((s, p) => s + p.cents, 0);
    let cashSent = cash.reduce((s, p) => s + p.cents, 0);
    let hasCash = cash.length > 0;
    if (!onAccount && received.length === 0) {
      cashSent = tenderedCents ?? total;
      hasCash = true;
    }
    if (tenderedCents !== null && !hasCash) return refuse('tendered without a cash payment');
    if (nonCash > total) return refuse('NETS, PayNow and credit notes above the total');
    const cashDue = total - nonCash;
    // Settled now: a walk-in always; a customer when the cash paid covers the cash due as a walk-in would pay it
    // (the rounded amount, or the exact one): then it rounds like a walk-in's. Less is a part paid, the rest on account.
    const roundedDue = round5(cashDue) > 0 ? round5(cashDue) : cashDue;
    const settledNow = !onAccount || cashSent >= (this.cashRounding && hasCash ? Math.min(cashDue, roundedDue) : cashDue);
    let cashToPay = cashDue;
    let rounding = 0;
    if (this.cashRounding && hasCash && settledNow) {
      const r = round5(cashDue);
      if (r > 0) {
        cashToPay = r;
        rounding = r - cashDue;
      }
    }
    const handed = tenderedCents ?? (rounding !== 0 && cashSent === cashDue ? cashToPay : cashSent);
    let cashApplied: number;
    if (!onAccount) {
      if (handed < cashToPay) return refuse(tenderedCents !== null ? 'cash tendered below the amount due' : 'payments do not cover the total');
      cashApplied = cashToPay;
    } else {
      cashApplied = rounding !== 0 ? cashToPay : Math.min(cashSent, cashDue);
      if (handed < cashApplied) return refuse('cash tendered below the amount due');
    }
    res.cashToPay = cashToPay;
    res.rounding = rounding;
    res.cashExact = cashApplied - rounding;
    for (const p of other) {
      if (p.method === 'NETS') res.nets += p.cents;
      else if (p.method === 'PAYNOW') res.paynow += p.cents;
      else res.notes.push({ noteId: p.noteId!, cents: p.cents });
    }
    res.credit = total + rounding - nonCash - cashApplied;
    return res;
  }

  // ---------- writing rows ----------

  private write(kind: RowKind, method: RowMethod, cents: number, at: Partial<Row> & { date: string }): void {
    if (cents === 0) return;
    this.dates.add(at.date);
    this.rows.push({
      kind,
      method,
      cents,
      till: at.till ?? null,
      shiftId: at.shiftId ?? null,
      drawer: at.drawer ?? null,
      invoiceId: at.invoiceId ?? null,
      noteId: at.noteId ?? null,
      atSale: at.atSale ?? false,
      date: at.date,
      op: this.op,
    });
  }

  /** Where money paid back goes (docs/money.md "Drawers belong to tills"). */
  refundPlace(till: Till | null, inv: Invoice): { till: Till | null; shiftId: number | null; drawer: null | 'BACK_OFFICE' } {
    const here = till ? this.openShift(till) : undefined;
    if (here) return { till, shiftId: here.id, drawer: null };
    // From the back office: the shift that took the money while it is open, else the back office's cash.
    const took = inv.shiftId === null ? undefined : this.shifts.get(inv.shiftId);
    if (took?.open) return { till: took.till, shiftId: took.id, drawer: null };
    return { till: null, shiftId: null, drawer: 'BACK_OFFICE' };
  }

  /**
   * Money paid back on an invoice for value `wanted` by `method` (#25): never more money than came in on the invoice
   * less money already paid back; a cash refund rounds the running total of the invoice's cash refunds (down where up
   * would pay out more than is refundable). Returns the exact amount refunded in money and the cash paid out.
   */
  moneyBack(inv: Invoice, method: Exclude<RefundMethod, 'CREDIT_NOTE'>, wanted: number): { exact: number; paidOut: number } {
    const refundable = this.refundable(inv.id);
    if (wanted <= 0 || refundable <= 0) return { exact: 0, paidOut: 0 };
    if (method !== 'CASH' || !this.cashRounding) {
      const exact = Math.min(wanted, refundable);
      return { exact, paidOut: exact };
    }
    const paidOut = (m: number) => {
      const up = round5(inv.cashExact + m) - inv.cashPaid;
      return up <= refundable ? up : floor5(inv.cashExact + m) - inv.cashPaid;
    };
    let m = wanted;
    if (paidOut(m) > refundable) {
      m = Math.min(wanted, refundable + 2);
      while (m > 0 && paidOut(m) > refundable) m -= 1;
    }
    return { exact: m, paidOut: m > 0 ? paidOut(m) : 0 };
  }

  // ---------- plans ----------

  plan(op: Op): Plan {
    switch (op.type) {
      case 'sale':
        return this.planSale(op);
      case 'customer':
        return this.planCustomer(op);
      case 'payment':
        return this.planPayment(op);
      case 'return':
        return this.planReturn(op);
      case 'exchange':
        return this.planExchange(op);
      case 'void':
        return this.planVoid(op);
      case 'move':
        return this.planMove(op);
      case 'open':
        return this.planOpen(op);
      case 'close':
        return this.planClose(op);
      case 'restock':
        return this.planRestock(op);
    }
  }

  private paymentsJson(payments: PayReq[]) {
    return payments.map((p) => {
      if (p.method === 'CREDIT_NOTE') return { method: p.method, amount: p.cents / 100, reference: this.notes.get(p.noteId!)!.tenderRef };
      return { method: p.method, amount: p.cents / 100 };
    });
  }

  private lineText(lines: LineReq[]) {
    return lines.map((l) => `${l.qty}x${this.products.get(l.productId)!.name}${l.discountCents ? `-${l.discountCents}c` : ''}`).join(' + ');
  }

  private payText(payments: PayReq[], tendered: number | null) {
    const p =
      payments.map((x) => `${x.method}${x.method === 'CREDIT_NOTE' ? `(${this.notes.get(x.noteId!)?.number})` : ''} ${x.cents}c`).join(' + ') || 'no payments';
    return tendered === null ? p : `${p}, tendered ${tendered}c`;
  }

  /** Why redeeming these notes on a sale of `customerId` is refused (409/404), or null. */
  private noteProblems(notes: { noteId: number; cents: number }[], customerId: number | null): string | null {
    const spent = new Map<number, number>();
    for (const n of notes) {
      const note = this.notes.get(n.noteId)!;
      if (this.noteStatus(note) !== 'ACTIVE') return `credit note ${note.number} is not ACTIVE`;
      if (note.customerId !== null && note.customerId !== customerId) return `credit note ${note.number} belongs to another customer`;
      const used = (spent.get(n.noteId) ?? 0) + n.cents;
      if (used > this.noteAvailable(note)) return `credit note ${note.number}: ${n.cents}c above its available ${this.noteAvailable(note)}c`;
      spent.set(n.noteId, used);
    }
    return null;
  }

  private stockProblem(lines: Line[], giveBack: Map<number, number> = new Map()): string | null {
    for (const l of lines) {
      const have = this.stockOf(l.productId) + (giveBack.get(l.productId) ?? 0);
      if (l.qty > have) return `insufficient stock of ${l.name}: ${l.qty} wanted, ${have} in stock`;
    }
    return null;
  }

  private creditProblem(customerId: number | null, credit: number): string | null {
    if (customerId === null || credit <= 0) return null;
    const c = this.customers.get(customerId)!;
    const available = c.limitCents - this.customerOutstanding(customerId);
    return available < credit ? `insufficient credit: ${available}c available, ${credit}c wanted` : null;
  }

  /** The rows of a sale, and the invoice record, once the server numbered it. */
  private commitSale(q: Quote, t: TenderResult, customerId: number | null, till: Till, reply: any): Invoice {
    const inv: Invoice = {
      id: reply.invoiceId,
      number: reply.number ?? reply.invoice?.number,
      date: reply.invoice.business_date,
      customerId,
      till,
      shiftId: this.openShift(till)?.id ?? null,
      lines: q.lines.map((l) => ({ ...l })),
      grand: q.grand,
      tax: q.tax,
      rounding: t.rounding,
      lineDiscount: q.lineDiscount,
      voided: false,
      voidDate: null,
      outstanding: t.credit,
      returns: 0,
      notesIssued: 0,
      paidByNote: t.notes.length > 0,
      customerPayments: 0,
      cashExact: 0,
      cashPaid: 0,
    };
    this.invoices.set(inv.id, inv);
    for (const l of q.lines) this.products.get(l.productId)!.stock -= l.qty;
    const at = { till, shiftId: inv.shiftId, invoiceId: inv.id, atSale: true, date: inv.date };
    this.write('SALE_PAYMENT', 'CASH', t.cashExact, at);
    this.write('ROUNDING', 'CASH', t.rounding, at);
    this.write('SALE_PAYMENT', 'NETS', t.nets, at);
    this.write('SALE_PAYMENT', 'PAYNOW', t.paynow, at);
    for (const n of t.notes) {
      this.write('CN_REDEEM', 'CREDIT_NOTE', n.cents, { ...at, noteId: n.noteId });
      this.notes.get(n.noteId)!.applied += n.cents;
    }
    this.write('ON_ACCOUNT', 'CREDIT', t.credit, at);
    return inv;
  }

  private saleReplyCheck(q: Quote, t: TenderResult) {
    return (reply: any): Diff[] => {
      const inv = reply?.invoice ?? {};
      const out: Diff[] = [];
      const cmp = (name: string, want: number, got: unknown) => {
        const g = typeof got === 'number' ? Math.round(got * 100) : undefined;
        if (g !== want) out.push({ figure: `checkout reply invoice.${name}`, expected: String(want), got: String(g) });
      };
      cmp('grand_total', q.grand, inv.grand_total);
      cmp('tax_total', q.tax, inv.tax_total);
      cmp('rounding', t.rounding, inv.rounding);
      return out;
    };
  }

  private buyerFor(customerId: number | null, grand: number) {
    return customerId === null && grand > 100_000 ? { buyer: { name: 'Oracle Buyer Pte Ltd', address: '1 Oracle Road, Singapore 000001' } } : {};
  }

  private planSale(op: SaleOp): Plan {
    const q = this.quote(op.lines);
    const t = this.tender(q.grand, op.payments, op.tenderedCents, op.customerId !== null);
    const problems: { why: string; status: number }[] = [];
    if (!t.ok) problems.push({ why: t.why!, status: t.status! });
    else {
      const credit = this.creditProblem(op.customerId, t.credit);
      if (credit) problems.push({ why: credit, status: 409 });
    }
    const stock = this.stockProblem(q.lines);
    if (stock) problems.push({ why: stock, status: 409 });
    if (t.ok) {
      const notes = this.noteProblems(t.notes, op.customerId);
      if (notes) problems.push({ why: notes, status: 409 });
    }
    const who = op.customerId === null ? 'walk-in' : this.customers.get(op.customerId)!.name;
    const body: Record<string, unknown> = {
      items: op.lines.map((l) => ({ productId: l.productId, qty: l.qty, ...(l.discountCents ? { discount: l.discountCents / 100 } : {}) })),
      ...(op.customerId !== null ? { customerId: op.customerId } : {}),
      payments: this.paymentsJson(op.payments),
      ...(op.tenderedCents !== null ? { tendered: op.tenderedCents / 100 } : {}),
      ...this.buyerFor(op.customerId, q.grand),
    };
    return {
      describe: `sale at ${op.till} by ${op.user}, ${who}: ${this.lineText(op.lines)} = ${q.grand}c (GST ${q.tax}c${this.pricesIncludeGst ? ' incl.' : ''}); ${this.payText(op.payments, op.tenderedCents)}`,
      request: { method: 'POST', path: '/api/checkout', body, user: op.user, till: op.till },
      expect: problems.length ? { ok: false, statuses: problems.map((p) => p.status), why: problems.map((p) => p.why).join('; ') } : { ok: true },
      checkReply: this.saleReplyCheck(q, t),
      commit: (reply) => {
        this.commitSale(q, t, op.customerId, op.till, reply);
      },
    };
  }

  private planCustomer(op: CustomerOp): Plan {
    return {
      describe: `new customer ${op.name}, credit limit ${op.limitCents}c`,
      request: {
        method: 'POST',
        path: '/api/customers',
        user: 'admin',
        till: null,
        body: { name: op.name, credit_limit: op.limitCents / 100, credit_terms_days: op.termsDays, billing_address: `${op.name} Street 1, Singapore` },
      },
      expect: { ok: true },
      commit: (reply) => {
        const c = reply.customer;
        this.customers.set(c.id, { id: c.id, name: op.name, limitCents: op.limitCents });
      },
    };
  }

  private planPayment(op: PaymentOp): Plan {
    const c = this.customers.get(op.customerId)!;
    const owed = this.customerOutstanding(op.customerId);
    const refused = op.cents > owed;
    return {
      describe: `customer payment at ${op.till}: ${c.name} pays ${op.cents}c by ${op.method} (owes ${owed}c)`,
      request: {
        method: 'POST',
        path: `/api/customers/${op.customerId}/payments`,
        body: { method: op.method, amount: op.cents / 100 },
        user: 'staff',
        till: op.till,
      },
      expect: refused ? { ok: false, statuses: [409], why: `${op.cents}c above the balance ${owed}c` } : { ok: true },
      commit: (reply) => {
        const date = shopDate(reply.payment.date);
        const shiftId = this.openShift(op.till)?.id ?? null;
        let left = op.cents;
        const open = [...this.invoices.values()].filter((i) => i.customerId === op.customerId && !i.voided && i.outstanding > 0).sort((a, b) => a.id - b.id);
        for (const inv of open) {
          if (left === 0) break;
          const part = Math.min(left, inv.outstanding);
          inv.outstanding -= part;
          inv.customerPayments += 1;
          left -= part;
          this.write('CUSTOMER_PAYMENT', op.method, part, { till: op.till, shiftId, invoiceId: inv.id, date });
        }
      },
    };
  }

  /** The return's lines and value; a refusal when the invoice is VOID or more is asked back than is left. */
  returnPart(
    inv: Invoice,
    items: { productId: number; qty: number }[],
  ): { value: number; taken: { line: Line; qty: number; before: number }[]; problem: string | null } {
    if (inv.voided) return { value: 0, taken: [], problem: `${inv.number} is VOID` };
    const left = new Map(inv.lines.map((l) => [l.productId, l.returned]));
    let value = 0;
    const taken: { line: Line; qty: number; before: number }[] = [];
    for (const it of items) {
      const line = inv.lines.find((l) => l.productId === it.productId)!;
      const before = left.get(line.productId)!;
      if (it.qty > line.qty - before) return { value: 0, taken: [], problem: `return of ${it.qty} ${line.name}: only ${line.qty - before} left` };
      value += this.returnValue(line, it.qty, before);
      left.set(line.productId, before + it.qty);
      taken.push({ line, qty: it.qty, before });
    }
    return { value, taken, problem: null };
  }

  private itemsJson(items: { productId: number; qty: number }[]) {
    return items.map((i) => ({ product_id: i.productId, returned_qty: i.qty, return_reason: 'Wrong Size' }));
  }

  /** The note the reply names, or the one the server wrote for this invoice that the model does not know yet. */
  private static noteFrom(reply: any) {
    return reply?.creditNote ?? reply?.credit_note ?? null;
  }

  private addNote(json: any, invoice: Invoice, amount: number): Note {
    const code = typeof json?.redemption_code === 'string' && json.redemption_code ? json.redemption_code : null;
    const note: Note = {
      id: json.id,
      number: json.number,
      tenderRef: invoice.customerId === null && code ? code : json.number,
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      amount,
      applied: 0,
    };
    this.notes.set(note.id, note);
    invoice.notesIssued += 1;
    return note;
  }

  private planReturn(op: ReturnOp): Plan {
    const inv = this.invoices.get(op.invoiceId)!;
    const part = this.returnPart(inv, op.items);
    const where = op.till ?? 'back office';
    const describe = `return at ${where} from ${inv.number}: ${op.items.map((i) => `${i.qty}x${this.products.get(i.productId)!.name}`).join(' + ')} by ${op.method}`;
    const body = {
      invoice_id: inv.id,
      items: this.itemsJson(op.items),
      refund_method: op.method,
      ...(op.method === 'NETS' || op.method === 'PAYNOW' ? { refund_reference: `REF-${this.op}` } : {}),
    };
    const request: Request = { method: 'POST', path: '/api/returns', body, user: 'staff', till: op.till };
    if (part.problem) return { describe, request, expect: { ok: false, statuses: [409], why: part.problem }, commit: () => {} };
    const value = part.value;
    // Value goes back the way it came: first it lowers what the customer still owes on the invoice.
    const toAccount = Math.min(value, inv.outstanding);
    const wanted = value - toAccount;
    const back = op.method === 'CREDIT_NOTE' ? { exact: 0, paidOut: 0 } : this.moneyBack(inv, op.method, wanted);
    const noteAmount = value - back.exact;
    return {
      describe: `${describe}: value ${value}c = ${toAccount}c to the account + ${back.exact}c in money (paid out ${back.paidOut}c) + ${noteAmount - toAccount}c on a note`,
      request,
      expect: { ok: true },
      commit: (reply) => {
        const date = reply.returns?.[0]?.business_date ?? shopDate(reply.returns?.[0]?.created_at ?? new Date().toISOString());
        this.dates.add(date);
        for (const t of part.taken) {
          t.line.returned += t.qty;
          this.products.get(t.line.productId)!.stock += t.qty;
        }
        inv.returns += 1;
        this.returnsLog.push({ invoiceId: inv.id, date, value, op: this.op });
        const place = this.refundPlace(op.till, inv);
        if (noteAmount > 0) {
          const json = Shop.noteFrom(reply);
          if (!json)
            throw new ReplyMismatch({
              figure: "the return's credit note (reply creditNote)",
              expected: `a note of ${noteAmount}c`,
              got: `none (refund ${JSON.stringify(reply.refund)})`,
            });
          const note = this.addNote(json, inv, noteAmount);
          this.write('CN_ISSUE', 'CREDIT_NOTE', -noteAmount, { ...place, invoiceId: inv.id, noteId: note.id, date });
          if (toAccount > 0) {
            note.applied += toAccount;
            inv.outstanding -= toAccount;
            this.write('CN_REDEEM', 'CREDIT_NOTE', toAccount, { ...place, invoiceId: inv.id, noteId: note.id, date });
          }
        }
        if (back.exact > 0 && op.method !== 'CREDIT_NOTE') this.payBackRows(inv, op.method, back, place, date);
      },
    };
  }

  private payBackRows(inv: Invoice, method: MoneyMethod, back: { exact: number; paidOut: number }, place: ReturnType<Shop['refundPlace']>, date: string) {
    this.write('REFUND', method, -back.exact, { ...place, invoiceId: inv.id, date });
    if (method === 'CASH') {
      this.write('ROUNDING', 'CASH', -(back.paidOut - back.exact), { ...place, invoiceId: inv.id, date });
      inv.cashExact += back.exact;
      inv.cashPaid += back.paidOut;
    }
  }

  /**
   * The new sale's lines with the price of the pairs they replace carried (#26.3): a new pair of the same style at the
   * same list price costs what the returned pair was refunded. Each oracle product is its own style.
   */
  withCarried(taken: { line: Line; qty: number; before: number }[], reqLines: LineReq[]): LineReq[] {
    const part = (share: number, t: { line: Line; qty: number; before: number }) =>
      mulDivHalfUp(share, t.before + t.qty, t.line.qty) - mulDivHalfUp(share, t.before, t.line.qty);
    const groups = taken.map((t) => ({
      styleId: t.line.productId,
      unitPriceCents: t.line.unitCents,
      qty: t.qty,
      netCents: part(t.line.netShare, t),
      taxCents: part(t.line.taxShare, t),
    }));
    const merged = new Map<number, { productId: number; styleId: number; unitPriceCents: number; qty: number; discountCents: number }>();
    for (const l of reqLines) {
      const m = merged.get(l.productId);
      if (m) {
        m.qty += l.qty;
        m.discountCents += l.discountCents;
      } else {
        merged.set(l.productId, {
          productId: l.productId,
          styleId: l.productId,
          unitPriceCents: this.products.get(l.productId)!.priceCents,
          qty: l.qty,
          discountCents: l.discountCents,
        });
      }
    }
    const carried = carriedDiscounts(groups, [...merged.values()], {
      taxRateBps: 900,
      pricesIncludeGst: this.pricesIncludeGst,
      invoiceDiscountBps: 0,
      invoiceDiscountAmountCents: 0,
    });
    const seen = new Set<number>();
    return reqLines.map((l) => {
      if (seen.has(l.productId)) return l;
      seen.add(l.productId);
      return { ...l, discountCents: l.discountCents + (carried.get(l.productId) ?? 0) };
    });
  }

  private planExchange(op: ExchangeOp): Plan {
    const inv = this.invoices.get(op.invoiceId)!;
    const part = this.returnPart(inv, op.items);
    const q = this.quote(this.withCarried(part.taken, op.sale.lines));
    const value = part.value;
    const applied = Math.min(value, q.grand);
    const payments: PayReq[] = [...op.sale.payments];
    const t = this.tender(q.grand, [...payments, { method: 'CREDIT_NOTE', cents: applied, noteId: -1 }], op.sale.tenderedCents, inv.customerId !== null);
    const problems: { why: string; status: number }[] = [];
    if (part.problem) problems.push({ why: part.problem, status: 409 });
    else {
      if (!t.ok) problems.push({ why: t.why!, status: t.status! });
      else {
        const credit = this.creditProblem(inv.customerId, t.credit);
        if (credit) problems.push({ why: credit, status: 409 });
      }
      const giveBack = new Map<number, number>();
      for (const x of part.taken) giveBack.set(x.line.productId, (giveBack.get(x.line.productId) ?? 0) + x.qty);
      const stock = this.stockProblem(q.lines, giveBack);
      if (stock) problems.push({ why: stock, status: 409 });
    }
    const balance = value - applied;
    const back = balance > 0 && op.method !== 'CREDIT_NOTE' && !problems.length ? this.moneyBack(inv, op.method, balance) : { exact: 0, paidOut: 0 };
    const body = {
      invoice_id: inv.id,
      items: this.itemsJson(op.items),
      sale: {
        items: op.sale.lines.map((l) => ({ productId: l.productId, qty: l.qty, ...(l.discountCents ? { discount: l.discountCents / 100 } : {}) })),
        payments: this.paymentsJson(payments),
        ...(op.sale.tenderedCents !== null ? { tendered: op.sale.tenderedCents / 100 } : {}),
        ...this.buyerFor(inv.customerId, q.grand),
      },
      refund_method: op.method,
      ...(op.method === 'NETS' || op.method === 'PAYNOW' ? { refund_reference: `XREF-${this.op}` } : {}),
    };
    const describe =
      `exchange at ${op.till} on ${inv.number}: back ${op.items.map((i) => `${i.qty}x${this.products.get(i.productId)!.name}`).join(' + ')}` +
      ` (${value}c) for ${this.lineText(op.sale.lines)} (${q.grand}c), note pays ${applied}c; ${this.payText(payments, op.sale.tenderedCents)};` +
      ` balance ${balance}c by ${op.method}${back.exact ? ` (${back.exact}c in money, paid out ${back.paidOut}c)` : ''}`;
    return {
      describe,
      request: { method: 'POST', path: '/api/exchanges', body, user: 'staff', till: op.till },
      expect: problems.length ? { ok: false, statuses: problems.map((p) => p.status), why: problems.map((p) => p.why).join('; ') } : { ok: true },
      checkReply: (reply) => this.saleReplyCheck(q, t)(reply?.sale ?? {}),
      commit: (reply) => {
        const date = reply.returns?.[0]?.business_date ?? reply.sale.invoice.business_date;
        this.dates.add(date);
        for (const x of part.taken) {
          x.line.returned += x.qty;
          this.products.get(x.line.productId)!.stock += x.qty;
        }
        inv.returns += 1;
        this.returnsLog.push({ invoiceId: inv.id, date, value, op: this.op });
        const place = this.refundPlace(op.till, inv);
        const json = Shop.noteFrom(reply);
        if (!json) throw new ReplyMismatch({ figure: "the exchange's credit note (reply creditNote)", expected: `a note of ${value}c`, got: 'none' });
        const note = this.addNote(json, inv, value);
        this.write('CN_ISSUE', 'CREDIT_NOTE', -value, { ...place, invoiceId: inv.id, noteId: note.id, date });
        const sale = this.commitSale(q, { ...t, notes: applied > 0 ? [{ noteId: note.id, cents: applied }] : [] }, inv.customerId, op.till, reply.sale);
        sale.paidByNote = applied > 0;
        if (back.exact > 0 && op.method !== 'CREDIT_NOTE') {
          this.payBackRows(inv, op.method, back, place, date);
          note.applied += back.exact;
          this.write('CN_REDEEM', 'CREDIT_NOTE', back.exact, { ...place, invoiceId: inv.id, noteId: note.id, date });
        }
      },
    };
  }

  private planVoid(op: VoidOp): Plan {
    const inv = this.invoices.get(op.invoiceId)!;
    let problem: string | null = null;
    if (inv.voided) problem = `${inv.number} is already VOID`;
    else if (inv.returns > 0 || inv.notesIssued > 0 || inv.paidByNote) problem = `${inv.number} has returns or credit notes`;
    // What the invoice holds, by method: money received less money paid back, and what is still owed (CREDIT).
    const held = new Map<string, number>();
    for (const r of this.rows) {
      if (r.invoiceId !== inv.id) continue;
      if (isMoneyIn(r) || isMoneyBack(r)) held.set(r.method, (held.get(r.method) ?? 0) + r.cents);
    }
    const describe = `void of ${inv.number} (${inv.grand}c) at ${op.till ?? 'back office'}`;
    return {
      describe: problem
        ? describe
        : `${describe}: gives back ${[...held].map(([m, c]) => `${m} ${c}c`).join(', ') || 'no money'}${inv.outstanding ? `, CREDIT ${inv.outstanding}c` : ''}`,
      request: { method: 'POST', path: `/api/invoices/${inv.id}/void`, body: { reason: 'Oracle void' }, user: 'admin', till: op.till },
      expect: problem ? { ok: false, statuses: [409], why: problem } : { ok: true },
      commit: (reply) => {
        const date = shopDate(reply.invoice.voided_at);
        const place = this.refundPlace(op.till, inv);
        for (const [method, cents] of held) if (cents > 0) this.write('VOID_REFUND', method as MoneyMethod, -cents, { ...place, invoiceId: inv.id, date });
        this.write('VOID_REFUND', 'CREDIT', -inv.outstanding, { ...place, invoiceId: inv.id, date });
        inv.voided = true;
        inv.voidDate = date;
        this.dates.add(date);
        for (const l of inv.lines) this.products.get(l.productId)!.stock += l.qty - l.returned;
      },
    };
  }

  private planMove(op: MoveOp): Plan {
    const s = this.shifts.get(op.shiftId)!;
    const expected = this.expectedCash(s.id);
    let problem: string | null = null;
    if (!s.open) problem = `shift ${s.id} is closed`;
    else if (op.kind === 'PAY_OUT' && op.cents > expected) problem = `pay-out ${op.cents}c above the ${expected}c expected in the drawer`;
    return {
      describe: `${op.kind} of ${op.cents}c at ${s.till} (shift ${s.id}, drawer ${expected}c)`,
      request: {
        method: 'POST',
        path: `/api/shifts/${s.id}/cash-movements`,
        body: { kind: op.kind, amount: op.cents / 100, reason: 'Oracle' },
        user: 'staff',
        till: s.till,
      },
      expect: problem ? { ok: false, statuses: [409], why: problem } : { ok: true },
      checkReply: (reply) => {
        const want = expected + (op.kind === 'PAY_IN' ? op.cents : -op.cents);
        const got = typeof reply?.expected_cash === 'number' ? Math.round(reply.expected_cash * 100) : undefined;
        return got === want ? [] : [{ figure: `cash movement reply expected_cash (shift ${s.id})`, expected: String(want), got: String(got) }];
      },
      commit: (reply) => {
        const date = shopDate(reply.movement.created_at);
        this.write(op.kind, 'CASH', op.kind === 'PAY_IN' ? op.cents : -op.cents, { till: s.till, shiftId: s.id, date });
      },
    };
  }

  private planOpen(op: OpenOp): Plan {
    const open = this.openShift(op.till);
    return {
      describe: `open a shift at ${op.till} with a float of ${op.floatCents}c`,
      request: { method: 'POST', path: '/api/shifts', body: { till: op.till, opening_float: op.floatCents / 100 }, user: 'staff', till: op.till },
      expect: open ? { ok: false, statuses: [409], why: `${op.till} already has shift ${open.id} open` } : { ok: true },
      commit: (reply) => {
        const s = reply.shift;
        const date = shopDate(s.opened_at);
        this.dates.add(date);
        this.shifts.set(s.id, {
          id: s.id,
          till: op.till,
          floatCents: op.floatCents,
          openedDate: date,
          closedDate: null,
          open: true,
          countedCents: null,
          expectedAtClose: null,
        });
      },
    };
  }

  private planClose(op: CloseOp): Plan {
    const s = this.shifts.get(op.shiftId)!;
    const expected = s.open ? this.expectedCash(s.id) : s.expectedAtClose!;
    return {
      describe: `close shift ${s.id} at ${s.till}: counted ${op.countedCents}c, expected ${expected}c`,
      request: { method: 'POST', path: `/api/shifts/${s.id}/close`, body: { counted: op.counted }, user: 'staff', till: s.till },
      expect: s.open ? { ok: true } : { ok: false, statuses: [409], why: `shift ${s.id} is already closed` },
      commit: (reply) => {
        const closedAt = reply?.report?.shift?.closed_at;
        s.closedDate = typeof closedAt === 'string' ? shopDate(closedAt) : s.openedDate;
        s.open = false;
        s.countedCents = op.countedCents;
        s.expectedAtClose = expected;
      },
    };
  }

  private planRestock(op: RestockOp): Plan {
    const p = this.products.get(op.productId)!;
    return {
      describe: `restock ${op.qty}x${p.name}`,
      request: { method: 'POST', path: `/api/products/${p.id}/adjust`, body: { delta: op.qty, reason: 'Oracle restock' }, user: 'admin', till: null },
      expect: { ok: true },
      commit: () => {
        p.stock += op.qty;
      },
    };
  }
}
