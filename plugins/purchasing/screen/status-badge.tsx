// A purchase order's status as a coloured badge: OPEN blue, PARTIAL yellow, RECEIVED green, CANCELLED red.
import { statusBadgeClass } from './order-rules.js';
import type { PurchaseOrderStatus } from './types.js';

/** The badge. */
export function StatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return <span className={statusBadgeClass(status)}>{status}</span>;
}
