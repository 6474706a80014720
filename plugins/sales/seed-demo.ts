// Demo sales: about five weeks of a footwear shop's trading, made THROUGH the checkout and payment
// actions (so numbering, stock, GST and balances are exactly what the till would have produced).
// Deterministic (a fixed-seed generator), one outer transaction, well under a second.
import type { Db } from '../../core/db.js';
import { AppError } from '../../core/errors.js';
import { addDays, localDate, startOfLocalDay } from '../../core/clock.js';
import { percentToBps, rateToBps, toCents } from '../../core/money.js';
import type { SeedContext } from '../../core/plugin.js';
import { getProductRow, moveStock } from '../inventory/api.js';
import { needsFullTaxInvoice } from './tax-invoice.js';
import { checkout } from './actions/checkout.js';
import { recordCustomerPayment } from './actions/record-customer-payment.js';
import { invoiceTotals } from './pricing.js';
import { salesRepo } from './repo.js';
import { isProductItem, type CheckoutBody } from './schemas.js';

const DAYS_BACK = 35;

/** mulberry32: a small seeded generator, so every demo database has the same history. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

interface DemoProduct {
  id: number;
  category: string | null;
  price: number;
}

type Event =
  | { at: Date; kind: 'sale'; body: CheckoutBody; userId: number | null; roundNote: boolean }
  | { at: Date; kind: 'payment'; customerId: number; userId: number | null; share: number; method: 'BANK_TRANSFER' | 'PAYNOW' | 'CASH' };

/** Plans the sales and payments of the last DAYS_BACK days up to now. */
function plan(products: DemoProduct[], customers: { id: number; limit: number }[], users: (number | null)[], timeZone: string, now: Date): Event[] {
  const rnd = generator(20240601);
  const events: Event[] = [];
  const today = localDate(now, timeZone);
  // Cheaper everyday lines sell more often than boots and premium runners.
  const weighted = products.flatMap((p) => Array(p.price < 8000 ? 4 : p.price < 16000 ? 3 : 1).fill(p) as DemoProduct[]);
  const kidsAndSchool = products.filter((p) => p.category === 'Kids' || p.category === 'Formal');
  for (let d = DAYS_BACK; d >= 0; d--) {
    const date = addDays(today, -d);
    const dayStart = startOfLocalDay(date, timeZone).getTime();
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const busy = weekday === 0 || weekday === 6 ? 1.5 : 1;
    const count = Math.round(rnd.int(15, 27) * busy);
    const times = Array.from({ length: count }, () => dayStart + rnd.int(11 * 60, 21 * 60 + 30) * 60_000)
      .filter((t) => t <= now.getTime())
      .sort((a, b) => a - b);
    for (const t of times) {
      const lines = rnd.chance(0.65) ? 1 : rnd.chance(0.7) ? 2 : 3;
      const items = Array.from({ length: lines }, () => {
        const p = rnd.pick(weighted);
        const qty = p.price < 5000 && rnd.chance(0.3) ? 2 : 1;
        return { productId: p.id, qty, ...(rnd.chance(0.05) ? { discount: Math.round(p.price * qty * 0.1) / 100 } : {}) };
      });
      const body: CheckoutBody = { items };
      if (rnd.chance(0.08)) body.invoiceDiscount = rnd.pick([5, 10]);
      const method = rnd.chance(0.42) ? 'CASH' : rnd.chance(0.55) ? 'NETS' : 'PAYNOW';
      if (method !== 'CASH') body.payments = [{ method, amount: 0, reference: method === 'PAYNOW' ? `PN${t}` : null }];
      events.push({ at: new Date(t), kind: 'sale', body, userId: rnd.pick(users), roundNote: rnd.chance(0.5) });
    }
    // Business customers buy on account now and then: school shoes, uniforms, staff footwear.
    if (customers.length && rnd.chance(0.55)) {
      const c = rnd.pick(customers);
      const items = Array.from({ length: rnd.int(1, 2) }, () => ({ productId: rnd.pick(kidsAndSchool).id, qty: rnd.int(2, 6) }));
      const at = dayStart + rnd.int(10 * 60, 17 * 60) * 60_000;
      if (at <= now.getTime()) events.push({ at: new Date(at), kind: 'sale', body: { items, customerId: c.id }, userId: users[0], roundNote: false });
    }
    // Accounts settle older invoices (oldest first), leaving some recent and a few overdue ones open.
    if (d > 3 && d % 4 === 0 && customers.length) {
      const c = rnd.pick(customers);
      const at = dayStart + rnd.int(12 * 60, 16 * 60) * 60_000;
      events.push({
        at: new Date(at),
        kind: 'payment',
        customerId: c.id,
        userId: users[0],
        share: rnd.pick([0.5, 1, 1]),
        method: rnd.pick(['BANK_TRANSFER', 'PAYNOW', 'CASH'] as const),
      });
    }
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Fills a new demo database with past sales (called once by core, after inventory and customers). */
export function seedDemoSales({ db, config }: SeedContext): void {
  const now = new Date();
  const products = db
    .prepare(`SELECT id, category, selling_price_cents AS price FROM inventory_product
    WHERE archived_at IS NULL ORDER BY id`)
    .all() as DemoProduct[];
  if (!products.length) return;
  const customers = db.prepare('SELECT id, credit_limit_cents AS "limit" FROM customers_customer WHERE credit_limit_cents > 0 ORDER BY id').all() as {
    id: number;
    limit: number;
  }[];
  // The till staff (USER accounts first) make the sales; no accounts at all is fine too.
  const users = db.prepare("SELECT id FROM core_user WHERE active = 1 ORDER BY role = 'USER' DESC, id").pluck().all() as number[];
  const events = plan(products, customers, users.length ? users : [null], config.timeZone, now);

  db.transaction(() => {
    // The goods the shop sold over these weeks arrived before they were sold: book them in first,
    // so the shelves end where the demo catalogue says they are now.
    const wanted = new Map<number, number>();
    for (const e of events) if (e.kind === 'sale') for (const i of productsOf(e.body)) wanted.set(i.productId, (wanted.get(i.productId) ?? 0) + i.qty);
    for (const [productId, qty] of wanted) {
      moveStock(db, { productId, delta: qty, reason: 'ADJUSTMENT', note: 'Demo: deliveries received over the past weeks' });
    }
    for (const e of events) {
      if (e.kind === 'sale') {
        // Skip lines that would oversell (the till would not offer them).
        const items = productsOf(e.body).filter((i) => (getProductRow(db, i.productId)?.stock_qty ?? 0) >= i.qty);
        if (!items.length) continue;
        runSale(db, { ...e.body, items }, e.userId, e.roundNote, e.at, config.timeZone);
      } else {
        payDown(db, e.customerId, e.share, e.method, e.userId, e.at, config.timeZone);
      }
    }
  })();
}

/** The demo sells shoes only: its bodies' items are products. */
const productsOf = (body: CheckoutBody) => body.items.filter(isProductItem);

const DEMO_BUYER = { name: 'Lim Engineering Pte Ltd', address: '8 Jurong Port Road, #03-01, Singapore 619092', uen: '201912345K' };

function runSale(db: Db, body: CheckoutBody, userId: number | null, roundNote: boolean, at: Date, timeZone: string) {
  const total = grandTotalOf(db, body);
  const planned = body.payments?.[0];
  // Planned non-cash payments pay exactly the total; cash customers often hand over a round note.
  const payments = planned ? [{ ...planned, amount: total / 100 }] : undefined;
  const note = total > 5000 ? 5000 : 1000;
  const tendered = !planned && !body.customerId && roundNote && total % note !== 0 ? (Math.ceil(total / note) * note) / 100 : undefined;
  // A walk-in's sale above $1,000.00 names its buyer on a full tax invoice (#17.7), as the till asks.
  const buyer = !body.customerId && needsFullTaxInvoice(total) ? DEMO_BUYER : undefined;
  try {
    checkout(db, { ...body, payments, ...(tendered ? { tendered } : {}), ...(buyer ? { buyer } : {}) }, { userId, timeZone, at });
  } catch (err) {
    // A credit sale above the customer's limit is refused, as at the till: the demo just moves on.
    if (!(err instanceof AppError)) throw err;
  }
}

/** What checkout will charge for a body (same pricing functions; line merging does not change totals). */
function grandTotalOf(db: Db, body: CheckoutBody): number {
  const gstBps = rateToBps(salesRepo(db).gstRate());
  const lines = productsOf(body).map((i) => ({
    qty: i.qty,
    unitPriceCents: getProductRow(db, i.productId)!.selling_price_cents,
    discountCents: toCents(i.discount ?? 0),
  }));
  return invoiceTotals(lines, percentToBps(body.invoiceDiscount ?? 0), gstBps).grandTotalCents;
}

function payDown(db: Db, customerId: number, share: number, method: 'BANK_TRANSFER' | 'PAYNOW' | 'CASH', userId: number | null, at: Date, timeZone: string) {
  const open = db
    .prepare(`SELECT grand_total_cents - paid_cents AS owed, created_at FROM sales_invoice
    WHERE customer_id = ? AND payment_status IN ('UNPAID', 'PARTIAL') ORDER BY created_at, id`)
    .all(customerId) as { owed: number; created_at: string }[];
  // Settle what was bought at least a week before the payment.
  const due = open.filter((o) => Date.parse(o.created_at) < at.getTime() - 7 * 86_400_000).reduce((s, o) => s + o.owed, 0);
  const amount = Math.round(due * share);
  if (amount <= 0) return;
  recordCustomerPayment(
    db,
    customerId,
    { method, amount: amount / 100, reference: method === 'BANK_TRANSFER' ? `FAST-${at.getTime()}` : null },
    { userId, at, timeZone },
  );
}
