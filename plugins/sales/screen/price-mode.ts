// How the till prices and shows money: the server's GST rate and whether selling prices include GST
// (GET /api/auth/config gstRate, pricesIncludeGst), so the cards, the cart and checkout use one answer.
import { useShopConfig } from '../../../ui/shop-config.js';

/** The GST rate (fraction) and whether stored prices already include GST. */
export interface PriceMode {
  gstRate: number;
  pricesIncludeGst: boolean;
}

/** React hook: the shop's price mode, or null until the server has said its GST rate. */
export function usePriceMode(): PriceMode | null {
  const config = useShopConfig();
  return config ? { gstRate: config.gstRate, pricesIncludeGst: config.pricesIncludeGst === true } : null;
}
