// Toast messages: a signal list rendered top-right by the shell's <Toaster />; each lasts 3 s, at most 20 held.
import { signal } from '@preact/signals-react';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long a toast stays (docs/spec.md: 3 seconds) and how many are held at once (docs/spec.md: 20). */
export const TOAST_DURATION_MS = 3000;
export const MAX_TOASTS = 20;

/** The toasts on screen, oldest first. */
export const toasts = signal<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Removes one toast (its timer or a click). */
export function dismissToast(id: number) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toasts.value = toasts.value.filter((t) => t.id !== id);
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  let list = [...toasts.value, { id, kind, message }];
  // Over the cap the oldest go first, so the newest message is never lost.
  while (list.length > MAX_TOASTS) {
    const old = list[0];
    const timer = timers.get(old.id);
    if (timer) clearTimeout(timer);
    timers.delete(old.id);
    list = list.slice(1);
  }
  toasts.value = list;
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
  return id;
}

/** Shows a toast: `toast.success('Saved')`, `toast.error(err.message)`, `toast.info('Coming soon!')`. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/** Clears every toast (tests, sign-out). */
export function clearToasts() {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts.value = [];
}
