// The shapes the settings screen reads from the API.

export interface ShopSettings {
  shop_name: string;
  address: string;
  phone: string;
  email: string;
  gst_reg_no: string;
  uen: string;
  receipt_footer: string;
  gst_rate: number;
}

export type EditableSettings = Omit<ShopSettings, 'gst_rate'>;
export const EDITABLE_FIELDS: (keyof EditableSettings)[] = ['shop_name', 'address', 'phone', 'email', 'gst_reg_no', 'uen', 'receipt_footer'];

export type Role = 'ADMIN' | 'USER';

export interface StaffUser {
  id: number;
  username: string;
  role: Role;
  active: boolean;
  created_at: string;
}

export interface UserList {
  users: StaffUser[];
  pagination: { page: number; pageSize: number; total: number };
}
