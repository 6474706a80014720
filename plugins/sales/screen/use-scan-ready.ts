// The till stays ready for the next scan (#26.1): after a tap on anything but a text field, once that tap's own
// handler has run, the focus goes back to the search box. A dialog that is open keeps the focus for itself.
import { useCallback, useRef, type MouseEvent, type RefObject } from 'react';
import { typingIn } from './use-pos-keys.js';

/** Below this width the POS is the phone and small-tablet layout (sales-styles.tsx: the cart is a sheet). */
const PHONE_WIDTH = 900;

/** Returns the POS section's click handler (capture phase). */
export function useScanReady(search: RefObject<HTMLInputElement | null>, dialogOpen: () => boolean) {
  const open = useRef(dialogOpen);
  open.current = dialogOpen;
  return useCallback(
    (e: MouseEvent) => {
      // On a phone the focus would pop the on-screen keyboard at every tap; a scanner's keys still reach the search there
      // (use-pos-keys.ts sends keys typed outside a text field to it).
      if (typingIn(e.target) || window.innerWidth < PHONE_WIDTH) return;
      // After the click's own handler (it may open a dialog, or the cart on a phone).
      setTimeout(() => {
        if (open.current() || document.querySelector('dialog[open]')) return;
        const active = document.activeElement;
        if (active && active !== document.body && typingIn(active)) return;
        // Selected: the next scan replaces the search typed before the tap (the cards shown stay until it does).
        search.current?.focus({ preventScroll: true });
        search.current?.select();
      }, 0);
    },
    [search],
  );
}
