// Small full-text states the shell shows: verifying, access denied, not found, loading.
import { Link } from 'wouter';

/** Shown while the stored session is being verified. */
export function Verifying() {
  return (
    <p className="center-state" aria-busy="true">
      Verifying authentication...
    </p>
  );
}

/** Shown to a signed-in user without the route's role. */
export function AccessDenied() {
  return (
    <section className="center-state">
      <h2>Access Denied</h2>
      <p>You don't have permission to access this page.</p>
      <Link href="/">Go to the start page</Link>
    </section>
  );
}

/** Shown for any path that is not a route. */
export function NotFound() {
  return (
    <section className="center-state">
      <h2>Page not found.</h2>
      <Link href="/">Go to the start page</Link>
    </section>
  );
}

/** Suspense fallback while a screen's chunk loads. */
export function ScreenLoading() {
  return (
    <p className="center-state" aria-busy="true">
      Loading...
    </p>
  );
}
