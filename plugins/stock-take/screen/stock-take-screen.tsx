// The Stock Take screen (/stock-take, ADMIN): the list of takes, or one take's count view at /stock-take?id=N
// (a query string, so the nav's Stock Take link stays current and Back returns to the list).
import { useLocation, useSearch } from 'wouter';
import { CountView } from './count-view.js';
import { TakeList } from './take-list.js';
import { takeHref } from './take-rules.js';

/** The screen: `?id=N` shows that take. */
export default function StockTakeScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const raw = new URLSearchParams(search).get('id');
  const id = raw && /^[1-9]\d{0,11}$/.test(raw) ? Number(raw) : null;
  if (id !== null) return <CountView key={id} id={id} onBack={() => navigate('/stock-take')} />;
  return <TakeList onOpen={(takeId) => navigate(takeHref(takeId))} />;
}
