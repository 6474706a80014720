// The running totals depend on triggers that live on sales' tables. A sales migration that rebuilds one
// of those tables (CREATE new / copy / DROP / RENAME) silently drops them, so the app refuses to start
// without them rather than report stale figures.
import type { Db } from '../../core/db.js';

export const SUMMARY_TRIGGERS = [
  'reports_invoice_insert',
  'reports_invoice_update',
  'reports_invoice_delete',
  'reports_line_insert',
  'reports_line_delete',
  'reports_line_update',
  // Migration 002: the year totals follow the month totals.
  'reports_month_product_insert',
  'reports_month_product_update',
  'reports_month_product_delete',
];

/** Throws when a trigger that keeps the report totals is missing. */
export function assertSummaryTriggers(db: Db): void {
  const present = new Set(
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'reports\\_%' ESCAPE '\\'").pluck().all() as string[],
  );
  const missing = SUMMARY_TRIGGERS.filter((t) => !present.has(t));
  if (missing.length) {
    throw new Error(
      `Reports: the triggers that keep sales totals are missing (${missing.join(', ')}); a migration must recreate them (see plugins/reports/migrations/001-create-reports.sql and 002-year-product.sql)`,
    );
  }
}
