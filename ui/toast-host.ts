// Where the toasts show (#26.6): a full-screen surface (an open dialog, the phone's cart sheet) offers a place in its
// own flow, under its title, and the toaster renders there instead of floating over it. So a toast never covers a
// dialog's buttons; the newest host (the dialog on top) wins. With no host the toasts float (ui/styles.css).
import { useEffect, useRef } from 'react';
import { signal } from '@preact/signals-react';

/**
 * How many of the newest toasts float when no host holds them (null: all). The POS sets 2: a stack never reaches the
 * product grid's first row. Older ones are not rendered (still held, and gone after their 3 s).
 */
export const floatingToastLimit = signal<number | null>(null);

/** The places offered, oldest first; the toaster uses the last. */
export const toastHosts = signal<HTMLElement[]>([]);

/** A ref for an element that holds the toasts while `active` (and mounted). */
export function useToastHost<T extends HTMLElement>(active = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    toastHosts.value = [...toastHosts.peek(), el];
    return () => {
      toastHosts.value = toastHosts.peek().filter((h) => h !== el);
    };
  }, [active]);
  return ref;
}
