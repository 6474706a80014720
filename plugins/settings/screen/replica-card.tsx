// The off-site copy (#19): how far behind it is, and an alarm with the reason when it is failing or more than
// five minutes behind. Read from GET /api/health's `replica` block; nothing shows when replication is off.
import { useEffect } from 'react';
import { api } from '../../../ui/api.js';
import { useQuery } from '../../../ui/use-query.js';
import type { Health } from './types.js';

/** Seconds behind above which the screen raises the alarm (the server's `ok` turns false at the same point). */
export const LAG_ALARM_SECONDS = 300;
const REFRESH_MS = 15_000;

type Replica = NonNullable<Health['replica']>;

/** The alarm's text, or null when the copy is fine. */
export function replicaAlarm(r: Replica): string | null {
  if (r.last_error) return `The off-site copy is failing: ${r.last_error}`;
  if (r.lag_seconds > LAG_ALARM_SECONDS) return `The off-site copy is more than 5 minutes behind: sales since then exist only on this computer.`;
  return null;
}

/** The card; renders nothing while replication is off. */
export function ReplicaCard() {
  const query = useQuery(['health'], () => api.get<Health>('/api/health'));
  const { reload } = query;
  useEffect(() => {
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const replica = query.data?.replica;
  if (!replica) return null;
  const alarm = replicaAlarm(replica);
  return (
    <article className="replica-card">
      <header>
        <h3>Off-site copy</h3>
      </header>
      <p>Off-site copy: {replica.lag_seconds} seconds behind</p>
      {replica.photos_pending ? <p>Photos waiting to go off-site: {replica.photos_pending}</p> : null}
      {alarm ? (
        <p role="alert" className="text-danger">
          {alarm}
        </p>
      ) : null}
      <p className="muted">
        The server log says more. To rebuild the shop from it, run <code>kedai restore --from-replica URL --data DIR</code>.
      </p>
    </article>
  );
}
