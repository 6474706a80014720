// A nav menu (disclosure): one header entry whose links stay <a> in the nav, shown when opened. It closes on a
// choice, on Escape (focus back on its button) and on a click elsewhere, so the header fits one line at 1024 px.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { NavLink } from './screen-list.js';

/** The menu `label` holding `links`; marked current when one of its pages is open. */
export function NavMenu({ label, links, location }: { label: string; links: NavLink[]; location: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = links.some((l) => l.path === location);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the page changes: a choice closes the menu
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <li className="nav-menu" ref={box}>
      <button
        type="button"
        ref={button}
        className={current ? 'nav-menu-button nav-current' : 'nav-menu-button'}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      <ul id={id} className="nav-menu-list" hidden={!open}>
        {links.map((l) => (
          <li key={l.path}>
            <Link href={l.path} aria-current={location === l.path ? 'page' : undefined}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
