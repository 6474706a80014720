// Creates or changes a supplier (one row, one statement; blank optional fields are stored as NULL).
import type { Db } from '../../../core/db.js';
import { nowIso } from '../../../core/db.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { purchasingRepo, type NewSupplier } from '../repo.js';
import type { CreateSupplierBody, UpdateSupplierBody } from '../schemas.js';

const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

function checkedName(name: string): string {
  const n = name.trim();
  if (!n) throw badRequest('Supplier name is required', 'name');
  return n;
}

/** Adds a supplier; returns its id. */
export function createSupplier(db: Db, body: CreateSupplierBody): number {
  const v: NewSupplier = {
    name: checkedName(body.name),
    contact: blankToNull(body.contact),
    phone: blankToNull(body.phone),
    email: blankToNull(body.email),
    uen: blankToNull(body.uen)?.toUpperCase() ?? null,
  };
  return purchasingRepo(db).insertSupplier(v, nowIso());
}

/** Changes the fields given (absent fields stay, null or '' clears an optional one). */
export function updateSupplier(db: Db, id: number, body: UpdateSupplierBody): void {
  const repo = purchasingRepo(db);
  const row = repo.getSupplier(id);
  if (!row) throw notFound('Supplier');
  const pick = (k: 'contact' | 'phone' | 'email' | 'uen') => (body[k] === undefined ? row[k] : blankToNull(body[k]));
  repo.updateSupplier(
    id,
    {
      name: body.name === undefined ? row.name : checkedName(body.name),
      contact: pick('contact'),
      phone: pick('phone'),
      email: pick('email'),
      uen: pick('uen')?.toUpperCase() ?? null,
    },
    nowIso(),
  );
}
