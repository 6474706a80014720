// TypeBox schemas for the customer routes: every object strict, every string bounded.
import { Type, type Static } from 'typebox';
import { Money, PageQuery, ShortText, Strict } from '../../core/schemas.js';

/** Optional text that may also be sent as null or "" (both clear the field). */
const OptionalText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/** An e-mail address, or empty / null for none. */
const Email = Type.Optional(Type.Union([
  Type.String({ maxLength: 254, format: 'email' }),
  Type.Literal(''),
  Type.Null(),
]));

export const CreditTermsDays = Type.Integer({ minimum: 0, maximum: 365 });

const contactFields = {
  phone: OptionalText(50),
  email: Email,
  company: OptionalText(200),
  uen: OptionalText(50),
  billing_address: OptionalText(2000),
  credit_limit: Type.Optional(Money),
  credit_terms_days: Type.Optional(CreditTermsDays),
};

export const CreateCustomerBody = Strict({ name: ShortText({ minLength: 1, maxLength: 200 }), ...contactFields });
export type CreateCustomerBody = Static<typeof CreateCustomerBody>;

export const UpdateCustomerBody = Strict({ name: Type.Optional(ShortText({ minLength: 1, maxLength: 200 })), ...contactFields });
export type UpdateCustomerBody = Static<typeof UpdateCustomerBody>;

export const CustomerListQuery = Strict({ search: Type.Optional(ShortText()), ...PageQuery });
export type CustomerListQuery = Static<typeof CustomerListQuery>;
