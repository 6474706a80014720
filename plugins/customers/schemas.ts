// TypeBox schemas for the customer routes: every object strict, every string bounded; and the replies' shapes
// (the server's mappers and the screens take their types from these).
import { Type, type Static } from 'typebox';
import { Dollars, Nullable, OptionalLongText, OptionalShortText, PageQuery, Pagination, ShortText, Strict, Timestamp } from '../../core/schemas.js';

/** An e-mail address, or empty / null for none. */
const Email = Type.Optional(Type.Union([Type.String({ maxLength: 254, format: 'email' }), Type.Literal(''), Type.Null()]));

export const CreditTermsDays = Type.Integer({ minimum: 0, maximum: 365 });
/** The most credit a shop may extend to one customer, in dollars. */
export const MAX_CREDIT_LIMIT_DOLLARS = 1_000_000;
export const CreditLimit = Type.Number({ minimum: 0, maximum: MAX_CREDIT_LIMIT_DOLLARS, multipleOf: 0.01 });

const contactFields = {
  phone: OptionalShortText(50),
  email: Email,
  company: OptionalShortText(200),
  uen: OptionalShortText(50),
  billing_address: OptionalLongText(2000),
  credit_limit: Type.Optional(CreditLimit),
  credit_terms_days: Type.Optional(CreditTermsDays),
};

export const CreateCustomerBody = Strict({ name: ShortText({ minLength: 1, maxLength: 200 }), ...contactFields });
export type CreateCustomerBody = Static<typeof CreateCustomerBody>;

export const UpdateCustomerBody = Strict({ name: Type.Optional(ShortText({ minLength: 1, maxLength: 200 })), ...contactFields });
export type UpdateCustomerBody = Static<typeof UpdateCustomerBody>;

export const CustomerListQuery = Strict({ search: Type.Optional(ShortText()), ...PageQuery });
export type CustomerListQuery = Static<typeof CustomerListQuery>;

// ---- Replies ----

/** The customer JSON every customer route returns (money in dollars, balance derived from open invoices). */
export const Customer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  company: Nullable(Type.String()),
  uen: Nullable(Type.String()),
  billing_address: Nullable(Type.String()),
  credit_limit: Dollars,
  credit_terms_days: Type.Integer(),
  outstanding_balance: Dollars,
  overdue: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Customer = Static<typeof Customer>;

/** One unpaid invoice in the customer detail. */
export const OpenInvoice = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  date: Timestamp,
  due_date: Nullable(Type.String()),
  grand_total: Dollars,
  outstanding: Dollars,
});
export type OpenInvoice = Static<typeof OpenInvoice>;

/**
 * GET /api/customers/:id's customer. Open to other plugins' fields (#29): each key a plugin declares in its manifest's
 * `customerFields` (loyalty: `loyalty: {points, value}`) is merged in beside these, typed by that plugin's schemas.
 */
export const CustomerDetail = Type.Object({ ...Customer.properties, outstanding_invoices: Type.Array(OpenInvoice) }, { additionalProperties: true });
export type CustomerDetail = Static<typeof CustomerDetail>;

export const CustomerReply = Type.Object({ customer: Customer });
export const CustomerDetailReply = Type.Object({ customer: CustomerDetail });
export const CustomerListReply = Type.Object({ customers: Type.Array(Customer), pagination: Pagination });
export type CustomerList = Static<typeof CustomerListReply>;

// ---- Slots the customers screen offers other plugins' UI (ui/slot.tsx): their props, not JSON ----

/** 'customer-details': in the customer details dialog, after the unpaid invoices (#29 loyalty: the points and their history). */
export interface CustomerDetailsSlotProps {
  customerId: number;
  /** Changes after a payment or an edit, so what the slot shows loads again. */
  version: number;
}
