// One Tab stop for all the size buttons (roving tabindex): Tab goes search -> sizes -> cart -> Checkout, and the
// arrow keys move between sizes, so a keyboard never walks through 150 buttons.
import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

const SIZES = 'button.size-btn:not(:disabled)';

/** Props for the grid element holding the cards; re-applies the tab stops after every render. */
export function useRovingSizes<T extends HTMLElement>() {
  const grid = useRef<T>(null);
  const current = useRef<HTMLButtonElement | null>(null);

  useLayoutEffect(() => {
    const all = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button.size-btn') ?? [])];
    const enabled = all.filter((b) => !b.disabled);
    if (!current.current || !enabled.includes(current.current)) current.current = enabled[0] ?? null;
    for (const b of all) b.tabIndex = b === current.current ? 0 : -1;
  });

  const move = (to: HTMLButtonElement | undefined) => {
    if (!to) return;
    if (current.current) current.current.tabIndex = -1;
    current.current = to;
    to.tabIndex = 0;
    to.focus();
  };

  const onKeyDown = (e: KeyboardEvent<T>) => {
    const target = e.target as HTMLElement;
    if (!target.matches?.(SIZES)) return;
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>(SIZES) ?? [])];
    const i = buttons.indexOf(target as HTMLButtonElement);
    const card = (b: HTMLElement) => b.closest('.pos-card');
    let to: HTMLButtonElement | undefined;
    if (e.key === 'ArrowRight') to = buttons[i + 1];
    else if (e.key === 'ArrowLeft') to = buttons[i - 1];
    else if (e.key === 'ArrowDown') to = buttons.slice(i + 1).find((b) => card(b) !== card(target));
    else if (e.key === 'ArrowUp') {
      const prev = buttons
        .slice(0, i)
        .reverse()
        .find((b) => card(b) !== card(target));
      to = prev ? buttons.find((b) => card(b) === card(prev)) : undefined;
    } else if (e.key === 'Home') to = buttons[0];
    else if (e.key === 'End') to = buttons[buttons.length - 1];
    else return;
    e.preventDefault();
    move(to);
  };

  const onFocus = (e: FocusEvent<T>) => {
    const target = e.target as HTMLElement;
    if (target.matches?.(SIZES) && target !== current.current) move(target as HTMLButtonElement);
  };

  return { ref: grid, onKeyDown, onFocus };
}
