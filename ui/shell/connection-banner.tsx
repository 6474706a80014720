// The banner while the server cannot be reached (#26.10): it stays until the server answers again.
import { useSignals } from '@preact/signals-react/runtime';
import { reachable } from '../connection.js';

export const UNREACHABLE_TEXT = 'The server cannot be reached. The cart is kept; try again when this message goes away.';

/** Renders nothing while the server answers. */
export function ConnectionBanner() {
  useSignals();
  if (reachable.value) return null;
  return (
    <div className="connection-banner" role="alert" data-testid="connection-banner">
      {UNREACHABLE_TEXT}
    </div>
  );
}
