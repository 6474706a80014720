// What the loyalty slots load: a customer's points (GET /api/customers/:id `loyalty`) and the shop's loyalty
// settings (GET /api/settings, any signed-in user).
import { api } from '../../../ui/api.js';
import { useQuery } from '../../../ui/use-query.js';
import type { CustomerLoyalty, LoyaltySettings } from './types.js';

/** The customer's points and their value; `data` is null when the server has no loyalty for them. */
export function useCustomerPoints(customerId: number | null, refreshKey: unknown = 0) {
  return useQuery(['loyalty-customer', customerId, refreshKey], async () => {
    if (customerId === null) return null;
    const r = await api.get<{ customer: { loyalty?: CustomerLoyalty } }>(`/api/customers/${customerId}`);
    return r.customer.loyalty ?? null;
  });
}

/** The four loyalty settings; null when the app has no loyalty settings. */
export function useLoyaltySettings() {
  return useQuery(['loyalty-settings'], async () => {
    const r = await api.get<{ settings: Partial<LoyaltySettings> }>('/api/settings');
    const s = r.settings;
    if (s.loyalty_point_value === undefined) return null;
    return {
      loyalty_points_per_dollar: s.loyalty_points_per_dollar ?? 0,
      loyalty_point_value: s.loyalty_point_value,
      loyalty_min_redeem_points: s.loyalty_min_redeem_points ?? 0,
      loyalty_expiry_months: s.loyalty_expiry_months ?? 0,
    } satisfies LoyaltySettings;
  });
}
