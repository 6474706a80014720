// The loyalty shapes the screens read, type-only from the plugin's schemas.ts (GET /api/customers/:id `loyalty`,
// GET /api/customers/:id/points, the checkout reply's `loyalty`) and its four settings (settings.ts, merged into
// ShopSettings).
import type { ShopSettings } from '../../../core/settings.js';

export type { CustomerLoyalty, EntryKind, PointsEntry, PointsReply, SaleLoyalty } from '../schemas.js';

/** Loyalty's settings as GET /api/settings serves them. */
export type LoyaltySettings = Pick<ShopSettings, 'loyalty_points_per_dollar' | 'loyalty_point_value' | 'loyalty_min_redeem_points' | 'loyalty_expiry_months'>;
