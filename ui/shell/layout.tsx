// The shared layout of every signed-in page: sticky header (brand, nav, user, Logout), content, footer.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { signOut, type SessionUser } from '../session.js';
import { NavMenu } from './nav-menu.js';
import { ConnectionBanner } from './connection-banner.js';
import { navEntries, type NavLink } from './screen-list.js';

export interface LayoutProps {
  user: SessionUser;
  links: NavLink[];
  children: ReactNode;
}

/** Publishes the sticky header's height as --kedai-header-h, so full-height screens (the POS) and toasts sit under it. */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--kedai-header-h', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);
  return ref;
}

/** Header + nav + main + footer around a screen. */
export function Layout({ user, links, children }: LayoutProps) {
  const [location] = useLocation();
  const header = useHeaderHeight();
  return (
    <div className="shell">
      <header className="app-header" ref={header}>
        <div className="container-fluid header-row">
          <Link href="/" className="brand">
            <strong>Kedai</strong>
            <small className="brand-label">System v1.0</small>
          </Link>
          <nav aria-label="Main" className="main-nav">
            <ul>
              {navEntries(links).map((e) =>
                'group' in e ? (
                  <NavMenu key={e.group} label={e.group} links={e.links} location={location} />
                ) : (
                  <li key={e.link.path}>
                    <Link
                      href={e.link.path}
                      aria-current={location === e.link.path ? 'page' : undefined}
                      className={e.link.icon ? 'nav-icon-link' : undefined}
                      title={e.link.icon ? e.link.label : undefined}
                    >
                      {e.link.label}
                    </Link>
                  </li>
                ),
              )}
            </ul>
          </nav>
          <div className="user-box">
            <span className="welcome">Welcome, {user.username}</span>
            <span className={`role-badge role-${user.role.toLowerCase()}`}>{user.role}</span>
            <button type="button" className="secondary outline logout" onClick={() => void signOut()}>
              Logout
            </button>
          </div>
        </div>
      </header>
      <ConnectionBanner />
      <main className="container-fluid app-main">{children}</main>
      <footer className="app-footer container-fluid">
        <small>Point of sale and back office, built for small shops in Singapore.</small>
      </footer>
    </div>
  );
}
