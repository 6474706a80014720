// Every supplier, for the supplier pickers and filter (a shop buys from a handful; the API's page holds 200).
import { api } from '../../../ui/api.js';
import { useQuery } from '../../../ui/use-query.js';
import type { SupplierList } from './types.js';

/** The suppliers by name. */
export function useSuppliers() {
  const q = useQuery(['suppliers-all'], () => api.get<SupplierList>('/api/suppliers', { pageSize: 200 }));
  return { suppliers: q.data?.suppliers ?? [], reload: q.reload };
}
