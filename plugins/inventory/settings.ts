// Inventory's own setting (#30.3): the shop's GS1 company prefix, when it has one. Generated EAN-13 codes start
// with it; without one Kedai allocates from the restricted in-store range (20-29), which never leaves the shop.
// Core merges it into GET/PATCH /api/settings; the declaration merging below types it for getSettings' readers.
import { Type, type Static } from 'typebox';
import { defineSetting } from '../../core/settings.js';

const CompanyPrefix = Type.String({ maxLength: 10 });

declare module '../../core/settings.js' {
  interface ShopSettings {
    /** The GS1 company prefix (6-10 digits) generated EAN-13 barcodes start with; '' = none (in-store range 20-29). */
    gs1_company_prefix: Static<typeof CompanyPrefix>;
  }
}

/** The message for a prefix the shop cannot use, else null ('' = none). */
export function companyPrefixProblem(p: string): string | null {
  if (p === '') return null;
  if (!/^\d{6,10}$/.test(p)) return 'GS1 company prefix must be 6 to 10 digits, or empty for none';
  if (/^2/.test(p)) return 'GS1 company prefix cannot start with 2 (20-29 is the in-store range)';
  return null;
}

export const gs1CompanyPrefix = defineSetting({
  key: 'gs1_company_prefix',
  schema: CompanyPrefix,
  default: '',
  check: companyPrefixProblem,
});
