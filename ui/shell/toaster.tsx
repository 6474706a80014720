// Renders the toast list top-right; a click dismisses a toast early.
import { useSignals } from '@preact/signals-react/runtime';
import { dismissToast, toasts } from '../toast.js';

/** The toast stack (mounted once by the app). */
export function Toaster() {
  useSignals();
  return (
    <div className="toasts" aria-live="polite">
      {toasts.value.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`toast toast-${t.kind}`}
          onClick={() => dismissToast(t.id)}
        >
          {t.message}
        </div>
      ))}
    </div>
  );
}
