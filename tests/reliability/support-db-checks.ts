// The database's own word on a run: everything that must hold between Kedai's tables, whatever the
// order or timing of the writes (concurrent tills, a server killed mid-sale). Each check returns the
// rows that break it, so a failure names the product, invoice or customer.
import Database from 'better-sqlite3';

export interface DbFigures {
  invoices: number;
  voidInvoices: number;
  lines: number;
  returns: number;
  creditNotes: number;
  customerPayments: number;
  movements: number;
}

export interface DbReport {
  problems: string[];
  figures: DbFigures;
}

/** Opens the database file (the server stopped or still running: WAL lets a reader in) and checks it. */
export function checkDatabase(file: string): DbReport {
  const db = new Database(file, { readonly: true });
  try {
    return runChecks(db);
  } finally {
    db.close();
  }
}

function runChecks(db: Database.Database): DbReport {
  const problems: string[] = [];
  const expectNone = (what: string, sql: string) => {
    const rows = db.prepare(sql).all();
    if (rows.length) problems.push(`${what}: ${JSON.stringify(rows.slice(0, 5))}${rows.length > 5 ? ` (+${rows.length - 5} more)` : ''}`);
  };

  const integrity = db.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
  expectNone('foreign_key_check', 'PRAGMA foreign_key_check');

  // Stock: never negative, always the sum of its ledger, and every ledger row's stock_after the running sum.
  expectNone('negative stock', 'SELECT id, item_name, stock_qty FROM inventory_product WHERE stock_qty < 0');
  expectNone(
    'stock differs from the sum of its movements',
    `
    SELECT p.id, p.stock_qty, ifnull(sum(m.qty_delta), 0) AS ledger FROM inventory_product p
    LEFT JOIN inventory_stock_movement m ON m.product_id = p.id GROUP BY p.id HAVING p.stock_qty <> ledger`,
  );
  expectNone(
    'ledger stock_after is not the running sum',
    `
    SELECT id, product_id, stock_after, running FROM (
      SELECT id, product_id, stock_after, sum(qty_delta) OVER (PARTITION BY product_id ORDER BY id) AS running
      FROM inventory_stock_movement) WHERE stock_after <> running`,
  );
  // The ledger agrees with the documents that moved the goods.
  expectNone(
    'SALE movements differ from invoice lines',
    `
    SELECT l.product_id, l.sold, ifnull(m.moved, 0) AS moved FROM
      (SELECT product_id, sum(qty) AS sold FROM sales_invoice_line GROUP BY product_id) l
      LEFT JOIN (SELECT product_id, -sum(qty_delta) AS moved FROM inventory_stock_movement WHERE reason = 'SALE' GROUP BY product_id) m
      ON m.product_id = l.product_id WHERE l.sold <> ifnull(m.moved, 0)`,
  );
  expectNone(
    'SALE movement without its invoice line',
    `
    SELECT m.id, m.ref_id FROM inventory_stock_movement m WHERE m.reason = 'SALE' AND NOT EXISTS (
      SELECT 1 FROM sales_invoice_line l WHERE l.invoice_id = CAST(m.ref_id AS INTEGER) AND l.product_id = m.product_id)`,
  );
  expectNone(
    'RETURN movements differ from returns',
    `
    SELECT r.id, r.returned_qty, m.qty_delta FROM returns_return r
    LEFT JOIN inventory_stock_movement m ON m.reason = 'RETURN' AND m.ref_id = r.id
    WHERE r.status = 'COMPLETED' AND (m.id IS NULL OR m.qty_delta <> r.returned_qty OR m.product_id <> r.product_id)`,
  );
  expectNone(
    'RETURN movement without its return',
    `
    SELECT m.id, m.ref_id FROM inventory_stock_movement m WHERE m.reason = 'RETURN' AND NOT EXISTS (SELECT 1 FROM returns_return r WHERE r.id = m.ref_id)`,
  );
  expectNone(
    "VOID movements differ from the void invoices' lines",
    `
    SELECT i.id, l.product_id, l.qty, (SELECT sum(qty_delta) FROM inventory_stock_movement m
      WHERE m.reason = 'VOID' AND m.ref_id = CAST(i.id AS TEXT) AND m.product_id = l.product_id) AS moved
    FROM sales_invoice i JOIN (SELECT invoice_id, product_id, sum(qty) AS qty FROM sales_invoice_line GROUP BY invoice_id, product_id) l
      ON l.invoice_id = i.id
    WHERE i.payment_status = 'VOID' AND ifnull(moved, 0) <> l.qty`,
  );
  expectNone(
    'VOID movement for an invoice that is not void',
    `
    SELECT m.id, m.ref_id FROM inventory_stock_movement m WHERE m.reason = 'VOID'
      AND NOT EXISTS (SELECT 1 FROM sales_invoice i WHERE i.id = CAST(m.ref_id AS INTEGER) AND i.payment_status = 'VOID')`,
  );

  // Goods received and stock-take variances: the ledger agrees with the receipts and the posted counts.
  expectNone(
    'RECEIVED movements differ from receipt lines',
    `
    SELECT rl.receipt_id, rl.product_id, rl.qty, ifnull(m.moved, 0) AS moved FROM
      (SELECT receipt_id, product_id, sum(qty) AS qty FROM purchasing_receipt_line GROUP BY receipt_id, product_id) rl
      LEFT JOIN (SELECT ref_id, product_id, sum(qty_delta) AS moved FROM inventory_stock_movement WHERE reason = 'RECEIVED' GROUP BY ref_id, product_id) m
      ON m.ref_id = CAST(rl.receipt_id AS TEXT) AND m.product_id = rl.product_id WHERE rl.qty <> ifnull(m.moved, 0)`,
  );
  expectNone(
    'RECEIVED movement without its receipt line',
    `
    SELECT m.id, m.ref_id FROM inventory_stock_movement m WHERE m.reason = 'RECEIVED' AND NOT EXISTS (
      SELECT 1 FROM purchasing_receipt_line rl WHERE rl.receipt_id = CAST(m.ref_id AS INTEGER) AND rl.product_id = m.product_id)`,
  );
  expectNone(
    'STOCK_TAKE movements differ from posted variances',
    `
    SELECT t.id, l.product_id, l.counted_qty - l.expected_qty AS variance, ifnull((SELECT sum(qty_delta) FROM inventory_stock_movement m
      WHERE m.reason = 'STOCK_TAKE' AND m.ref_id = CAST(t.id AS TEXT) AND m.product_id = l.product_id), 0) AS moved
    FROM stock_take t JOIN stock_take_line l ON l.stock_take_id = t.id
    WHERE (t.status = 'POSTED' AND moved <> variance) OR (t.status <> 'POSTED' AND moved <> 0)`,
  );

  // Invoices: never without lines, totals from their lines, paid from their payments, numbered without gaps.
  expectNone('invoice without lines', 'SELECT id, number FROM sales_invoice i WHERE NOT EXISTS (SELECT 1 FROM sales_invoice_line l WHERE l.invoice_id = i.id)');
  expectNone(
    'invoice subtotal differs from its lines',
    `
    SELECT i.id, i.number, i.subtotal_cents, sum(l.line_total_cents) AS lines FROM sales_invoice i JOIN sales_invoice_line l ON l.invoice_id = i.id
    GROUP BY i.id HAVING i.subtotal_cents <> lines`,
  );
  // paid_cents counts the payments toward the exact grand total: payments - cash rounding (sales migration 006).
  expectNone(
    'invoice paid differs from its payments',
    `
    SELECT i.id, i.number, i.paid_cents, ifnull(sum(p.amount_cents), 0) AS paid FROM sales_invoice i LEFT JOIN sales_payment p ON p.invoice_id = i.id
    GROUP BY i.id HAVING i.paid_cents <> CASE WHEN count(p.id) = 0 THEN 0 ELSE paid - i.rounding_cents END`,
  );
  expectNone(
    'cash rounding without a cash payment in 5 cents',
    `
    SELECT i.id, i.number, i.rounding_cents FROM sales_invoice i WHERE i.rounding_cents <> 0
      AND NOT EXISTS (SELECT 1 FROM sales_payment p WHERE p.invoice_id = i.id AND p.method = 'CASH' AND p.amount_cents % 5 = 0)`,
  );
  expectNone(
    'invoice status does not follow its payments',
    `
    SELECT id, number, payment_status, paid_cents, grand_total_cents FROM sales_invoice WHERE payment_status <> 'VOID' AND payment_status <> CASE
      WHEN paid_cents >= grand_total_cents THEN 'PAID' WHEN paid_cents > 0 THEN 'PARTIAL' ELSE 'UNPAID' END`,
  );
  expectNone(
    'invoice numbers with gaps or duplicates in a day',
    `
    SELECT business_date, count(*) AS n, min(seq) AS first, max(seq) AS last, count(DISTINCT seq) AS distinct_seq
    FROM sales_invoice GROUP BY business_date HAVING first <> 1 OR last <> n OR distinct_seq <> n`,
  );
  expectNone(
    'invoice number does not match its day and sequence',
    `
    SELECT id, number, business_date, seq FROM sales_invoice
    WHERE number <> 'INV-' || replace(business_date, '-', '') || '-' || substr('0000' || seq, -max(4, length(seq)))`,
  );
  expectNone(
    'credit note numbers with gaps in a day',
    `
    SELECT business_date, count(*) AS n, min(seq) AS first, max(seq) AS last FROM credit_notes_note GROUP BY business_date HAVING first <> 1 OR last <> n`,
  );

  // Customers: the balance is the outstanding of their non-VOID invoices, and credit never above the limit.
  expectNone(
    'customer balance differs from their invoices',
    `
    SELECT c.id, c.name, ifnull(b.outstanding_cents, 0) AS balance, ifnull(x.owed, 0) AS owed FROM customers_customer c
    LEFT JOIN customers_balance b ON b.customer_id = c.id
    LEFT JOIN (SELECT i.customer_id, sum(i.grand_total_cents + i.rounding_cents - (SELECT ifnull(sum(p.amount_cents), 0) FROM sales_payment p WHERE p.invoice_id = i.id)) AS owed
      FROM sales_invoice i WHERE i.payment_status <> 'VOID' AND i.customer_id IS NOT NULL GROUP BY i.customer_id) x ON x.customer_id = c.id
    WHERE ifnull(b.outstanding_cents, 0) <> ifnull(x.owed, 0)`,
  );
  expectNone(
    'customer balance above the credit limit',
    `
    SELECT c.id, c.name, c.credit_limit_cents, b.outstanding_cents FROM customers_customer c JOIN customers_balance b ON b.customer_id = c.id
    WHERE b.outstanding_cents > c.credit_limit_cents`,
  );
  expectNone(
    'customer payment not fully allocated',
    `
    SELECT cp.id, cp.amount_cents, ifnull(sum(p.amount_cents), 0) AS allocated FROM sales_customer_payment cp
    LEFT JOIN sales_payment p ON p.customer_payment_id = cp.id GROUP BY cp.id HAVING cp.amount_cents <> allocated`,
  );

  // Returns: never more than was sold on a line, never on a void invoice, each with its credit note.
  expectNone(
    'returned more than sold',
    `
    SELECT l.id, l.qty, sum(r.returned_qty) AS returned FROM sales_invoice_line l JOIN returns_return r ON r.invoice_line_id = l.id
    WHERE r.status <> 'REJECTED' GROUP BY l.id HAVING returned > l.qty`,
  );
  expectNone(
    'return on a void invoice',
    `
    SELECT r.id, i.number FROM returns_return r JOIN sales_invoice i ON i.id = r.invoice_id WHERE i.payment_status = 'VOID' AND r.status <> 'REJECTED'`,
  );
  expectNone(
    'credit note amount differs from its returns',
    `
    SELECT n.id, n.number, n.amount_cents, sum(r.refund_cents) AS refunds FROM credit_notes_note n JOIN returns_return r ON r.credit_note_id = n.id
    GROUP BY n.id HAVING n.amount_cents <> refunds`,
  );
  expectNone(
    'return credit note without returns',
    `
    SELECT n.id, n.number FROM credit_notes_note n WHERE n.source = 'RETURN' AND NOT EXISTS (SELECT 1 FROM returns_return r WHERE r.credit_note_id = n.id)`,
  );
  expectNone(
    'credit note applied differs from its applications',
    `
    SELECT n.id, n.number, n.applied_cents, ifnull(sum(a.amount_cents), 0) AS applications FROM credit_notes_note n
    LEFT JOIN credit_notes_application a ON a.note_id = n.id GROUP BY n.id HAVING n.applied_cents <> applications`,
  );
  expectNone(
    'credit note application without its CREDIT_NOTE payment',
    `
    SELECT a.id, a.amount_cents, p.amount_cents AS paid FROM credit_notes_application a LEFT JOIN sales_payment p ON p.id = a.payment_id
    WHERE p.id IS NULL OR p.method <> 'CREDIT_NOTE' OR p.amount_cents <> a.amount_cents OR p.invoice_id <> a.invoice_id`,
  );
  expectNone(
    'credit note status does not follow what is applied',
    `
    SELECT id, number, status, applied_cents, amount_cents FROM credit_notes_note
    WHERE (status = 'USED') <> (applied_cents = amount_cents AND amount_cents > 0) AND status IN ('ACTIVE', 'USED')`,
  );
  expectNone(
    'credit note without lines',
    'SELECT n.id, n.number FROM credit_notes_note n WHERE NOT EXISTS (SELECT 1 FROM credit_notes_line l WHERE l.note_id = n.id)',
  );

  // Report running totals (kept by triggers) agree with the invoices they summarise.
  expectNone(
    'reports_day_sales differs from the invoices',
    `
    SELECT coalesce(a.business_date, b.business_date) AS day, coalesce(a.voided, b.voided) AS voided, a.n, b.n AS summary_n, a.grand, b.grand AS summary_grand
    FROM (SELECT business_date, payment_status = 'VOID' AS voided, count(*) AS n, sum(grand_total_cents) AS grand FROM sales_invoice GROUP BY 1, 2) a
    FULL JOIN (SELECT business_date, voided, sum(n) AS n, sum(grand_cents) AS grand FROM reports_day_sales GROUP BY 1, 2 HAVING sum(n) <> 0) b
      ON a.business_date = b.business_date AND a.voided = b.voided
    WHERE a.n IS NOT b.n OR a.grand IS NOT b.grand`,
  );
  expectNone(
    'reports_month_product differs from the live invoice lines',
    `
    SELECT coalesce(a.month, b.month) AS month, coalesce(a.name, b.name) AS name, a.qty, b.qty AS summary_qty, a.revenue, b.revenue AS summary_revenue
    FROM (SELECT substr(i.business_date, 1, 7) AS month, l.description AS name, sum(l.qty) AS qty, sum(l.line_total_cents) AS revenue
          FROM sales_invoice_line l JOIN sales_invoice i ON i.id = l.invoice_id WHERE i.payment_status <> 'VOID' GROUP BY 1, 2) a
    FULL JOIN (SELECT month, name, sum(qty) AS qty, sum(revenue_cents) AS revenue FROM reports_month_product GROUP BY 1, 2 HAVING sum(qty) <> 0) b
      ON a.month = b.month AND a.name = b.name
    WHERE a.qty IS NOT b.qty OR a.revenue IS NOT b.revenue`,
  );
  expectNone(
    'reports_year_product differs from the month totals',
    `
    SELECT coalesce(a.year, b.year) AS year, coalesce(a.category, b.category) AS category, coalesce(a.name, b.name) AS name,
      a.qty, b.qty AS year_qty, a.revenue, b.revenue AS year_revenue, a.cost, b.cost AS year_cost
    FROM (SELECT substr(month, 1, 4) AS year, category, name, sum(qty) AS qty, sum(revenue_cents) AS revenue, sum(cost_cents) AS cost
          FROM reports_month_product GROUP BY 1, 2, 3) a
    FULL JOIN (SELECT year, category, name, qty, revenue_cents AS revenue, cost_cents AS cost FROM reports_year_product) b
      ON a.year = b.year AND a.category = b.category AND a.name = b.name
    WHERE a.qty IS NOT b.qty OR a.revenue IS NOT b.revenue OR a.cost IS NOT b.cost`,
  );
  expectNone(
    'reports_year_category differs from the month totals',
    `
    SELECT coalesce(a.year, b.year) AS year, coalesce(a.category, b.category) AS category, a.qty, b.qty AS year_qty, a.revenue, b.revenue AS year_revenue
    FROM (SELECT substr(month, 1, 4) AS year, category, sum(qty) AS qty, sum(revenue_cents) AS revenue, sum(cost_cents) AS cost
          FROM reports_month_product GROUP BY 1, 2) a
    FULL JOIN (SELECT year, category, qty, revenue_cents AS revenue, cost_cents AS cost FROM reports_year_category) b
      ON a.year = b.year AND a.category = b.category
    WHERE a.qty IS NOT b.qty OR a.revenue IS NOT b.revenue OR a.cost IS NOT b.cost`,
  );

  const count = (sql: string) => db.prepare(sql).pluck().get() as number;
  return {
    problems,
    figures: {
      invoices: count('SELECT count(*) FROM sales_invoice'),
      voidInvoices: count("SELECT count(*) FROM sales_invoice WHERE payment_status = 'VOID'"),
      lines: count('SELECT count(*) FROM sales_invoice_line'),
      returns: count('SELECT count(*) FROM returns_return'),
      creditNotes: count('SELECT count(*) FROM credit_notes_note'),
      customerPayments: count('SELECT count(*) FROM sales_customer_payment'),
      movements: count('SELECT count(*) FROM inventory_stock_movement'),
    },
  };
}

/** Reads rows from the database file (read-only) for a test's own comparisons. */
export function queryDatabase<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
