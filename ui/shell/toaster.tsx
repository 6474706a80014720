// Renders the toast list: floating (top-right; the POS moves it, use-toast-clearance.ts), or inside the open dialog
// or sheet that offers a place for it (ui/toast-host.ts); a click dismisses a toast early.
import { createPortal } from 'react-dom';
import { useSignals } from '@preact/signals-react/runtime';
import { dismissToast, toasts } from '../toast.js';
import { floatingToastLimit, toastHosts } from '../toast-host.js';

/** The toast stack (mounted once by the app). */
export function Toaster() {
  useSignals();
  const host = toastHosts.value.at(-1);
  const limit = host ? null : floatingToastLimit.value;
  const shown = limit === null ? toasts.value : toasts.value.slice(-limit);
  const list = (
    <div className={host ? 'toasts toasts-hosted' : 'toasts'} aria-live="polite">
      {shown.map((t) => (
        // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a tap dismisses a toast early, a pointer convenience: toasts close by themselves, so keyboard users miss nothing
        <div key={t.id} role={t.kind === 'error' ? 'alert' : 'status'} className={`toast toast-${t.kind}`} onClick={() => dismissToast(t.id)}>
          {t.message}
        </div>
      ))}
    </div>
  );
  return host ? createPortal(list, host) : list;
}
