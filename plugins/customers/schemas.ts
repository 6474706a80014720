// TypeBox schemas for the customer routes: every object strict, every string bounded.
import { Type, type Static } from 'typebox';
import { OptionalLongText, OptionalShortText, PageQuery, ShortText, Strict } from '../../core/schemas.js';


/** An e-mail address, or empty / null for none. */
const Email = Type.Optional(Type.Union([
  Type.String({ maxLength: 254, format: 'email' }),
  Type.Literal(''),
  Type.Null(),
]));

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
