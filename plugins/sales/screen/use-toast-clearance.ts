// Keeps the toasts (top-right, ui/styles.css) clear of the cart column: while the cart sits beside the products,
// the toaster's right edge moves left of it (--toast-right) and its top below the search (--toast-top), so a toast
// never covers the cart's buttons or the box being scanned into.
import { useEffect, useRef } from 'react';

const VAR = '--toast-right';
const TOP = '--toast-top';

/** Ref for the POS layout; measures its `.pos-cart` child on resize. */
export function useToastClearance<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = document.documentElement;
    const measure = () => {
      const cart = ref.current?.querySelector<HTMLElement>('.pos-cart')?.getBoundingClientRect();
      const width = window.innerWidth;
      const tools = ref.current?.querySelector<HTMLElement>('.pos-toolbar')?.getBoundingClientRect();
      // Beside the products (not the phone's sheet; there the page scrolls): left of the cart, below the search box.
      if (cart && tools && cart.width > 0 && cart.left > width / 3) {
        root.style.setProperty(VAR, `${Math.ceil(width - cart.left + 8)}px`);
        root.style.setProperty(TOP, `${Math.ceil(tools.bottom + 6)}px`);
      } else {
        root.style.removeProperty(VAR);
        root.style.removeProperty(TOP);
      }
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (ref.current) observer?.observe(ref.current);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
      root.style.removeProperty(VAR);
      root.style.removeProperty(TOP);
    };
  }, []);
  return ref;
}
