// Bench fixture: a year of a busy shop's sales written straight into a Kedai database (real
// migrations, raw prepared inserts, big transactions): products, credit customers, invoices with
// ~3 lines each, till payments (cash with change, NETS, PayNow, mixed), credit sales partly paid later,
// and a few voids. Deterministic (fixed seed). Rows satisfy every CHECK of the sales schema, and every
// trigger fires (the reports' summary tables fill as they would at the till); the ledger is written from them by
// sales' history migration.
// Fast path for 5M lines: no rollback journal while writing (a fixture is made whole or thrown away) and the
// secondary indexes the triggers do not need are dropped first and built again at the end (one sort each
// instead of millions of random B-tree inserts).
import type { Db } from '../../core/db.js';
import { addDays, startOfLocalDay } from '../../core/clock.js';
import { applyBps } from '../../core/money.js';
import sales from '../../plugins/sales/index.js';

/** The ledger is written from the generated sales by sales' own history migration (a shop upgrading does the same). */
const LEDGER_FROM_SALES = sales.migrations!.find((m) => m.name === 'ledger-history')!.sql;

export interface GenerateSalesOptions {
  year: number;
  /** Invoices over the year (default 333,334, i.e. ~1,000,000 lines). */
  invoices?: number;
  products?: number;
  customers?: number;
  timeZone?: string;
  seed?: number;
  /** Invoices per transaction. */
  batch?: number;
}

export interface GenerateSalesResult {
  invoices: number;
  lines: number;
  payments: number;
  ms: number;
}

const CATEGORIES = ['Sneakers', 'Running', 'Formal', 'Boots', 'Sandals', 'Kids', 'Slippers', 'Hiking', 'Loafers', 'Heels', 'Socks', 'Accessories'];
const BRANDS = ['Nike', 'Adidas', 'ASICS', 'New Balance', 'Clarks', 'Birkenstock', 'Dr. Martens', 'Skechers', 'Bata', 'Crocs', 'Puma', 'Vans'];
const WORDS = ['Air', 'Gel', 'Classic', 'Runner', 'Trail', 'Court', 'Street', 'Flex', 'Cloud', 'Oxford', 'Derby', 'Chelsea', 'Slide', 'Clog', 'Glide', 'Nova'];
const SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45'];

/** mulberry32: small, fast, seeded. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

interface Product {
  id: number;
  name: string;
  sku: string;
  size: string;
  category: string;
  price: number;
  cost: number;
}

/** Tables written by the millions; their indexes on invoice_id stay (the triggers look rows up by it). */
const BULK_TABLES = ['sales_invoice', 'sales_invoice_line', 'sales_payment'];

/** Drops the bulk tables' declared indexes that do not start with invoice_id; returns the SQL that makes them again. */
function dropLookupIndexes(db: Db): string[] {
  const rebuild: string[] = [];
  for (const table of BULK_TABLES) {
    const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").all(table) as {
      name: string;
      sql: string;
    }[];
    for (const ix of indexes) {
      const first = (db.prepare(`SELECT name FROM pragma_index_info(?) ORDER BY seqno LIMIT 1`).pluck().get(ix.name) as string | undefined) ?? '';
      if (first === 'invoice_id') continue;
      db.exec(`DROP INDEX "${ix.name}"`);
      rebuild.push(ix.sql);
    }
  }
  return rebuild;
}

/** Fills `db` (already migrated) with a year of sales; returns the row counts. */
export function generateSales(db: Db, opts: GenerateSalesOptions): GenerateSalesResult {
  const started = performance.now();
  const total = opts.invoices ?? 333_334;
  const timeZone = opts.timeZone ?? 'Asia/Singapore';
  const rnd = generator(opts.seed ?? 20240101);
  const batch = opts.batch ?? 25_000;
  const now = new Date().toISOString();
  // While writing: a big page cache (the default 2 MB spills the indexes every batch) and no fsync
  // (a bench fixture need not survive a power cut); both are put back at the end.
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('cache_size = -262144');
  db.pragma('synchronous = OFF');
  const journal = db.pragma('journal_mode', { simple: true }) as string;
  db.pragma('journal_mode = OFF');
  const rebuild = dropLookupIndexes(db);

  const products: Product[] = [];
  const customers: { id: number; name: string }[] = [];
  db.transaction(() => {
    const insertProduct = db.prepare(`INSERT INTO inventory_product (item_name, sku, size, brand, category, cost_cents, selling_price_cents,
      stock_qty, tax_rate_bps, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1000000, 900, ?, ?)`);
    for (let i = 0; i < (opts.products ?? 2000); i++) {
      const brand = BRANDS[rnd.int(0, BRANDS.length - 1)];
      const name = `${brand} ${WORDS[rnd.int(0, WORDS.length - 1)]} ${WORDS[rnd.int(0, WORDS.length - 1)]} ${rnd.int(10, 99)}`;
      const size = SIZES[rnd.int(0, SIZES.length - 1)];
      const category = CATEGORIES[rnd.int(0, CATEGORIES.length - 1)];
      const price = rnd.int(8, 320) * 100 - (rnd.next() < 0.5 ? 10 : 0);
      const cost = Math.round(price * (0.45 + rnd.next() * 0.2));
      const sku = `B-${i}-${size}`;
      const id = Number(insertProduct.run(name, sku, size, brand, category, cost, price, now, now).lastInsertRowid);
      products.push({ id, name, sku, size, category, price, cost });
    }
    const insertCustomer = db.prepare(`INSERT INTO customers_customer (name, phone, company, credit_limit_cents, credit_terms_days, created_at, updated_at)
      VALUES (?, ?, ?, 100000000, 30, ?, ?)`);
    for (let i = 0; i < (opts.customers ?? 300); i++) {
      const name = `Customer ${i + 1}`;
      customers.push({ id: Number(insertCustomer.run(name, `+65 6${String(100000 + i)}`, `Company ${i + 1} Pte Ltd`, now, now).lastInsertRowid), name });
    }
  })();

  const insertInvoice = db.prepare(`INSERT INTO sales_invoice (number, business_date, seq, customer_id, customer_name, customer_phone,
      customer_company, subtotal_cents, line_discount_cents, invoice_discount_bps, invoice_discount_cents, discount_total_cents,
      tax_rate_bps, tax_total_cents, grand_total_cents, payment_status, payment_method, due_date, overdue_from, tendered_cents,
      change_cents, created_by, created_at, void_reason, voided_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 900, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`);
  const insertLine = db.prepare(`INSERT INTO sales_invoice_line (invoice_id, line_no, product_id, sku, description, size, category, qty,
      unit_price_cents, unit_cost_cents, discount_cents, line_total_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertPayment = db.prepare(`INSERT INTO sales_payment (invoice_id, method, amount_cents, reference, paid_at, created_by, customer_payment_id)
    VALUES (?, ?, ?, NULL, ?, NULL, NULL)`);

  const first = `${opts.year}-01-01`;
  const days = (Date.UTC(opts.year + 1, 0, 1) - Date.UTC(opts.year, 0, 1)) / 86_400_000;
  let made = 0;
  let lines = 0;
  let payments = 0;
  const dayPlan: { date: string; count: number }[] = [];
  for (let d = 0; d < days; d++) {
    const date = addDays(first, d);
    const count = Math.floor(((d + 1) * total) / days) - Math.floor((d * total) / days);
    dayPlan.push({ date, count });
  }

  const writeDay = (date: string, count: number) => {
    const dayStart = startOfLocalDay(date, timeZone).getTime();
    const ymd = date.replace(/-/g, '');
    // Sorted sale times between 10:00 and 22:00 local, so numbering follows time.
    const times = Array.from({ length: count }, () => dayStart + 36_000_000 + Math.floor(rnd.next() * 43_200_000)).sort((a, b) => a - b);
    for (let seq = 1; seq <= count; seq++) {
      const at = new Date(times[seq - 1]).toISOString();
      const nLines = rnd.int(1, 5);
      const chosen: { p: Product; qty: number; discount: number }[] = [];
      for (let l = 0; l < nLines; l++) {
        const p = products[rnd.int(0, products.length - 1)];
        const qty = rnd.next() < 0.8 ? 1 : 2;
        const discount = rnd.next() < 0.1 ? Math.round(qty * p.price * 0.05) : 0;
        chosen.push({ p, qty, discount });
      }
      let subtotal = 0;
      let lineDiscount = 0;
      for (const c of chosen) {
        subtotal += c.qty * c.p.price - c.discount;
        lineDiscount += c.discount;
      }
      const invoiceDiscountBps = rnd.next() < 0.05 ? 1000 : 0;
      const invoiceDiscount = applyBps(subtotal, invoiceDiscountBps);
      const tax = applyBps(subtotal - invoiceDiscount, 900);
      const grand = subtotal - invoiceDiscount + tax;
      const r = rnd.next();
      const method = r < 0.4 ? 'CASH' : r < 0.68 ? 'NETS' : r < 0.88 ? 'PAYNOW' : r < 0.96 ? 'CREDIT' : 'MIXED';
      const voided = rnd.next() < 0.005;
      const customer = method === 'CREDIT' ? customers[rnd.int(0, customers.length - 1)] : null;
      let tendered: number | null = null;
      let change = 0;
      const rows: [string, number, string][] = [];
      if (method === 'CASH') {
        tendered = Math.ceil(grand / 1000) * 1000;
        change = tendered - grand;
        rows.push(['CASH', grand, at]);
      } else if (method === 'NETS' || method === 'PAYNOW') {
        rows.push([method, grand, at]);
      } else if (method === 'MIXED') {
        const nets = Math.floor(grand / 2);
        tendered = Math.ceil((grand - nets) / 1000) * 1000;
        change = tendered - (grand - nets);
        rows.push(['NETS', nets, at], ['CASH', grand - nets, at]);
      } else if (rnd.next() < 0.6) {
        // Credit sale settled later by the customer.
        const later = new Date(times[seq - 1] + rnd.int(5, 40) * 86_400_000).toISOString();
        rows.push([rnd.next() < 0.7 ? 'BANK_TRANSFER' : 'CASH', grand, later]);
      }
      const dueDate = customer ? addDays(date, 30) : null;
      const invoiceId = Number(
        insertInvoice.run(
          `INV-${ymd}-${String(seq).padStart(4, '0')}`,
          date,
          seq,
          customer?.id ?? null,
          customer?.name ?? 'Walk-in Customer',
          null,
          customer ? 'Company Pte Ltd' : null,
          subtotal,
          lineDiscount,
          invoiceDiscountBps,
          invoiceDiscount,
          lineDiscount + invoiceDiscount,
          tax,
          grand,
          voided ? 'VOID' : grand === 0 ? 'PAID' : 'UNPAID',
          method === 'MIXED' ? 'MIXED' : method,
          dueDate,
          dueDate ? startOfLocalDay(addDays(dueDate, 1), timeZone).toISOString() : null,
          tendered,
          change,
          at,
          voided ? 'Bench void' : null,
          voided ? at : null,
        ).lastInsertRowid,
      );
      chosen.forEach((c, i) => {
        insertLine.run(
          invoiceId,
          i + 1,
          c.p.id,
          c.p.sku,
          c.p.name,
          c.p.size,
          c.p.category,
          c.qty,
          c.p.price,
          c.p.cost,
          c.discount,
          c.qty * c.p.price - c.discount,
        );
      });
      for (const [m, amount, paidAt] of rows) {
        if (amount > 0) insertPayment.run(invoiceId, m, amount, paidAt);
      }
      lines += chosen.length;
      payments += rows.length;
      made++;
    }
  };

  let i = 0;
  while (i < dayPlan.length) {
    let inBatch = 0;
    db.transaction(() => {
      while (i < dayPlan.length && inBatch < batch) {
        writeDay(dayPlan[i].date, dayPlan[i].count);
        inBatch += dayPlan[i].count;
        i++;
      }
    })();
  }
  for (const sql of rebuild) db.exec(sql);
  // The money of these sales, in the ledger (every money figure reads it), as a shop's history is on upgrade.
  if ((db.prepare('SELECT count(*) FROM ledger_entry').pluck().get() as number) === 0) db.transaction(() => db.exec(LEDGER_FROM_SALES))();
  db.pragma(`journal_mode = ${journal}`);
  db.pragma(`cache_size = ${cacheSize}`);
  db.pragma(`synchronous = ${synchronous}`);
  return { invoices: made, lines, payments, ms: Math.round(performance.now() - started) };
}
