// The loyalty shapes the screens read (GET /api/customers/:id `loyalty`, GET /api/customers/:id/points, the checkout
// reply's `loyalty`, the four settings), as docs/api.md and the plugin's schemas.ts give them.

/** A customer's points today and what they are worth (dollars). */
export interface CustomerLoyalty {
  points: number;
  value: number;
}

export type EntryKind = 'EARNED' | 'REDEEMED' | 'REVERSED' | 'RESTORED' | 'EXPIRED';

/** One ledger row, points signed. */
export interface PointsEntry {
  id: number;
  kind: EntryKind;
  points: number;
  at: string;
  business_date: string;
  invoice_id: number | null;
  invoice_number: string | null;
  expires_on: string | null;
  note: string | null;
}

/** GET /api/customers/:id/points. */
export interface PointsReply {
  points: number;
  value: number;
  entries: PointsEntry[];
}

/** The checkout reply's `loyalty` (a sale with a customer). */
export interface SaleLoyalty {
  earned: number;
  redeemed: number;
  balance: number;
}

/** Loyalty's settings as GET /api/settings serves them (absent in an app without the plugin). */
export interface LoyaltySettings {
  loyalty_points_per_dollar: number;
  loyalty_point_value: number;
  loyalty_min_redeem_points: number;
  loyalty_expiry_months: number;
}
