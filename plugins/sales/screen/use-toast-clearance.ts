// Where the POS's toasts float (#26.6): at the bottom of the products, never over the product grid's first row, the
// search or the cart: while the cart sits beside the products the toaster's right edge keeps left of it
// (--toast-right). html.pos-toasts (ui/styles.css) anchors it to the bottom (on the phone, where the grid's first row
// sits low, over the header instead), and only the newest two float (floatingToastLimit). A scan's feedback is the flash on its cart line (cart-panel.tsx); the
// toast only repeats it in words. Dialogs and the phone's cart sheet hold their toasts themselves (ui/toast-host.ts).
import { useEffect, useRef } from 'react';
import { floatingToastLimit } from '../../../ui/toast-host.js';

const RIGHT = '--toast-right';
const CLASS = 'pos-toasts';

/** Ref for the POS layout; measures its `.pos-cart` child on resize. */
export function useToastClearance<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add(CLASS);
    floatingToastLimit.value = 2;
    const measure = () => {
      const cart = ref.current?.querySelector<HTMLElement>('.pos-cart')?.getBoundingClientRect();
      const width = window.innerWidth;
      // Beside the products: left of the cart.
      if (cart && cart.width > 0 && cart.left > width / 3) root.style.setProperty(RIGHT, `${Math.ceil(width - cart.left + 8)}px`);
      else root.style.removeProperty(RIGHT);
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (ref.current) observer?.observe(ref.current);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
      root.classList.remove(CLASS);
      floatingToastLimit.value = null;
      root.style.removeProperty(RIGHT);
    };
  }, []);
  return ref;
}
