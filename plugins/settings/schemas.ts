// TypeBox schemas for shop settings and staff accounts: strict objects, bounded strings.
import { Type, type Static } from 'typebox';
import { PageQuery, Strict } from '../../core/schemas.js';

export const SettingsPatch = Strict({
  shop_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  address: Type.Optional(Type.String({ maxLength: 500 })),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  gst_reg_no: Type.Optional(Type.String({ maxLength: 30 })),
  uen: Type.Optional(Type.String({ maxLength: 20 })),
  receipt_footer: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SettingsPatch = Static<typeof SettingsPatch>;

export const Role = Type.Union([Type.Literal('ADMIN'), Type.Literal('USER')]);
const Password = Type.String({ minLength: 1, maxLength: 200 });

export const CreateUserBody = Strict({
  username: Type.String({ minLength: 1, maxLength: 40 }),
  password: Password,
  role: Role,
});
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UpdateUserBody = Strict({
  role: Type.Optional(Role),
  active: Type.Optional(Type.Boolean()),
  password: Type.Optional(Password),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const UserListQuery = Strict({ ...PageQuery });
