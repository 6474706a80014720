// The shared layout of every signed-in page: sticky header (brand, nav, user, Logout), content, footer.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { signOut, type SessionUser } from '../session.js';

export interface LayoutProps {
  user: SessionUser;
  links: { path: string; label: string }[];
  children: ReactNode;
}

/** Header + nav + main + footer around a screen. */
export function Layout({ user, links, children }: LayoutProps) {
  const [location] = useLocation();
  return (
    <div className="shell">
      <header className="app-header">
        <div className="container-fluid header-row">
          <Link href="/" className="brand">
            <strong>Kedai</strong>
            <small className="brand-label">System v1.0</small>
          </Link>
          <nav aria-label="Main" className="main-nav">
            <ul>
              {links.map((l) => (
                <li key={l.path}>
                  <Link href={l.path} aria-current={location === l.path ? 'page' : undefined}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="user-box">
            <span className="welcome">Welcome, {user.username}</span>
            <span className={`role-badge role-${user.role.toLowerCase()}`}>{user.role}</span>
            <button type="button" className="secondary outline logout" onClick={() => void signOut()}>Logout</button>
          </div>
        </div>
      </header>
      <main className="container-fluid app-main">{children}</main>
      <footer className="app-footer container-fluid">
        <small>Point of sale and back office, built for small shops in Singapore.</small>
      </footer>
    </div>
  );
}
