// A double tap on a button that opens a dialog (or the phone's cart sheet) must not go on to press what the dialog
// put under the finger: its backdrop (closing it), its close button, or one of its own buttons (#26.6). For a short
// while after opening, a press is swallowed when it is the second of a double click (detail 2) or lands where the
// opening tap did. A later tap, a tap elsewhere, and keys (detail 0) pass.
import { useLayoutEffect, useRef, type SyntheticEvent } from 'react';

/** How long after opening a second press is taken as part of the opening double tap. */
export const DOUBLE_TAP_MS = 400;
/** How close to the opening tap a press counts as the same spot (px). */
const SAME_SPOT_PX = 24;

let lastPress = { x: 0, y: 0, at: -Infinity };
if (typeof document !== 'undefined') {
  const note = (e: PointerEvent | MouseEvent) => {
    lastPress = { x: e.clientX, y: e.clientY, at: performance.now() };
  };
  document.addEventListener('pointerdown', note, true);
  document.addEventListener('mousedown', note, true);
}

interface Guard {
  x: number;
  y: number;
  until: number;
}

/** True when `e` is the opening double tap's second press. */
function swallows(g: Guard | null, e: { type: string; detail: number; clientX: number; clientY: number }): boolean {
  if (!g || performance.now() > g.until) return false;
  const pointer = e.type.startsWith('pointer');
  if (!pointer && e.detail === 0) return false; // a click made by a key (Enter, Space)
  if (!pointer && e.detail >= 2) return true;
  return Math.hypot(e.clientX - g.x, e.clientY - g.y) <= SAME_SPOT_PX;
}

/** Capture handlers for the surface shown while `open`; spread them on its outermost element. */
export function useDoubleTapGuard(open: boolean) {
  const guard = useRef<Guard | null>(null);
  useLayoutEffect(() => {
    const now = performance.now();
    // Opened by a press just now (not by a key): guard that spot for a moment.
    guard.current = open && now - lastPress.at < DOUBLE_TAP_MS ? { x: lastPress.x, y: lastPress.y, until: now + DOUBLE_TAP_MS } : null;
  }, [open]);
  const swallow = (e: SyntheticEvent) => {
    const native = e.nativeEvent as MouseEvent;
    if (!swallows(guard.current, native)) return;
    e.preventDefault();
    e.stopPropagation();
  };
  return {
    onPointerDownCapture: swallow,
    onMouseDownCapture: swallow,
    onMouseUpCapture: swallow,
    onClickCapture: swallow,
    onDoubleClickCapture: swallow,
  };
}
