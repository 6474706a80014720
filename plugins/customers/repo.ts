// SQL for customers_customer, with balances read through the customers_balance / customers_open_invoice views.
import type { Db } from '../../core/db.js';
import { containsPattern } from '../../core/repo-support.js';
import { phoneSearchKey } from '../../core/phone.js';

/** A customer row joined with its derived balance. */
export interface CustomerRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  uen: string | null;
  billing_address: string | null;
  credit_limit_cents: number;
  credit_terms_days: number;
  created_at: string;
  updated_at: string;
  outstanding_cents: number;
  overdue: number;
}

/** The writable columns of a customer. */
export type CustomerFields = Pick<CustomerRow, 'name' | 'phone' | 'email' | 'company' | 'uen' | 'billing_address' | 'credit_limit_cents' | 'credit_terms_days'>;

/** One unpaid invoice of a customer, as the open-invoice view gives it. */
export interface OpenInvoiceRow {
  invoice_id: number;
  number: string;
  date: string;
  due_date: string | null;
  grand_total_cents: number;
  outstanding_cents: number;
}

const SELECT = `SELECT c.*, COALESCE(b.outstanding_cents, 0) AS outstanding_cents, COALESCE(b.overdue, 0) AS overdue
  FROM customers_customer c LEFT JOIN customers_balance b ON b.customer_id = c.id`;
const MATCH = `(@pattern IS NULL OR c.name LIKE @pattern ESCAPE '\\' OR c.phone LIKE @pattern ESCAPE '\\'
  OR c.email LIKE @pattern ESCAPE '\\' OR c.company LIKE @pattern ESCAPE '\\')`;
// A search typed as a whole phone number (#29: a member at the till): the start of the stored number's key, through
// its index (':' sorts right after '9', so the range is every key starting with @key).
const PHONE_MATCH = `(c.phone_key >= @key AND c.phone_key < @key || ':')`;
// Part of a number ('9123', the last four '4567'): the digits anywhere in the key, beside the text search.
const PART_PHONE_MATCH = `(${MATCH} OR c.phone_key LIKE '%' || @key || '%')`;
/** Digits from which a search is taken as a whole number (Singapore's are 8). */
const WHOLE_NUMBER_DIGITS = 8;

/** Prepares the customer statements once for a database. */
export function customersRepo(db: Db) {
  const list = db.prepare(`${SELECT} WHERE ${MATCH} ORDER BY c.name COLLATE NOCASE, c.id LIMIT @limit OFFSET @offset`);
  const count = db.prepare(`SELECT COUNT(*) AS n FROM customers_customer c WHERE ${MATCH}`).pluck();
  const listByPhone = db.prepare(`${SELECT} WHERE ${PHONE_MATCH} ORDER BY c.name COLLATE NOCASE, c.id LIMIT @limit OFFSET @offset`);
  const countByPhone = db.prepare(`SELECT COUNT(*) AS n FROM customers_customer c WHERE ${PHONE_MATCH}`).pluck();
  const listByPart = db.prepare(`${SELECT} WHERE ${PART_PHONE_MATCH} ORDER BY c.name COLLATE NOCASE, c.id LIMIT @limit OFFSET @offset`);
  const countByPart = db.prepare(`SELECT COUNT(*) AS n FROM customers_customer c WHERE ${PART_PHONE_MATCH}`).pluck();
  const byId = db.prepare(`${SELECT} WHERE c.id = ?`);
  const openInvoices = db.prepare(`SELECT invoice_id, number, date, due_date, grand_total_cents, outstanding_cents
    FROM customers_open_invoice WHERE customer_id = ? ORDER BY date, invoice_id`);
  const insert = db.prepare(`INSERT INTO customers_customer
    (name, phone, email, company, uen, billing_address, credit_limit_cents, credit_terms_days, created_at, updated_at)
    VALUES (@name, @phone, @email, @company, @uen, @billing_address, @credit_limit_cents, @credit_terms_days, @now, @now)`);
  const update = db.prepare(`UPDATE customers_customer SET name = @name, phone = @phone, email = @email, company = @company,
    uen = @uen, billing_address = @billing_address, credit_limit_cents = @credit_limit_cents,
    credit_terms_days = @credit_terms_days, updated_at = @now WHERE id = @id`);

  return {
    /**
     * One page of customers matching the search, by name, and the total number matching. A search typed as a whole
     * phone number ('9123 4567', '+65 91234567') matches the start of the phone's digits (indexed); part of one
     * ('9123', '4567') its digits anywhere, as well as the text search; any other, anywhere in the name, phone, e-mail
     * or company.
     */
    list(q: { search?: string; limit: number; offset: number }): { rows: CustomerRow[]; total: number } {
      const key = phoneSearchKey(q.search);
      if (key !== null && key.length < WHOLE_NUMBER_DIGITS) {
        const pattern = containsPattern(q.search);
        return {
          rows: listByPart.all({ key, pattern, limit: q.limit, offset: q.offset }) as CustomerRow[],
          total: countByPart.get({ key, pattern }) as number,
        };
      }
      if (key !== null) {
        return {
          rows: listByPhone.all({ key, limit: q.limit, offset: q.offset }) as CustomerRow[],
          total: countByPhone.get({ key }) as number,
        };
      }
      const pattern = containsPattern(q.search);
      return {
        rows: list.all({ pattern, limit: q.limit, offset: q.offset }) as CustomerRow[],
        total: count.get({ pattern }) as number,
      };
    },
    /** One customer with its balance, or undefined. */
    get(id: number): CustomerRow | undefined {
      return byId.get(id) as CustomerRow | undefined;
    },
    /** The customer's unpaid invoices, oldest first. */
    openInvoices(id: number): OpenInvoiceRow[] {
      return openInvoices.all(id) as OpenInvoiceRow[];
    },
    /** Inserts a customer; returns its id. */
    insert(fields: CustomerFields, now: string): number {
      return Number(insert.run({ ...fields, now }).lastInsertRowid);
    },
    /** Overwrites a customer's writable columns. */
    update(id: number, fields: CustomerFields, now: string): void {
      update.run({ ...fields, id, now });
    },
  };
}

export type CustomersRepo = ReturnType<typeof customersRepo>;
