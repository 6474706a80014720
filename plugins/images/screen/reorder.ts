// Pure helpers of drag-to-reorder: where a dragged card lands and the resulting order.

/** Keyboard drags move the card this many pixels per arrow key press. */
export const KEYBOARD_STEP_PX = 25;

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The index whose card centre is nearest to the dragged card's centre after moving by (dx, dy). */
export function dropIndex(boxes: Box[], from: number, dx: number, dy: number): number {
  const start = boxes[from];
  if (!start) return from;
  const x = start.left + start.width / 2 + dx;
  const y = start.top + start.height / 2 + dy;
  let best = from;
  let bestDistance = Infinity;
  boxes.forEach((b, i) => {
    const d = Math.hypot(b.left + b.width / 2 - x, b.top + b.height / 2 - y);
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  });
  return best;
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The drag offset after one arrow key, or undefined for other keys. */
export function arrowStep(key: string): { dx: number; dy: number } | undefined {
  switch (key) {
    case 'ArrowLeft':
      return { dx: -KEYBOARD_STEP_PX, dy: 0 };
    case 'ArrowRight':
      return { dx: KEYBOARD_STEP_PX, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -KEYBOARD_STEP_PX };
    case 'ArrowDown':
      return { dx: 0, dy: KEYBOARD_STEP_PX };
    default:
      return undefined;
  }
}
