// Everything but /login: the access guard, the shared layout and the lazy screen for the current path.
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchRoute, Redirect, useLocation, useRouter } from 'wouter';
import type { ScreenDef } from '../screen-def.js';
import { useSession } from '../session.js';
import { ErrorBoundary } from './error-boundary.js';
import { Layout } from './layout.js';
import { AccessDenied, NotFound, ScreenLoading, Verifying } from './messages.js';
import { canOpen, navLinks } from './screen-list.js';

const lazyCache = new WeakMap<ScreenDef, LazyExoticComponent<ComponentType>>();

/** One lazy component per screen, created once, so React keeps its loaded module. */
export function lazyScreen(screen: ScreenDef) {
  let c = lazyCache.get(screen);
  if (!c) {
    c = lazy(screen.load);
    lazyCache.set(screen, c);
  }
  return c;
}

/** Guards and renders the screen matching the current path (or 'Page not found.'). */
export function Shell({ screens }: { screens: ScreenDef[] }) {
  const [location] = useLocation();
  const { parser } = useRouter();
  const { user, status } = useSession();
  const screen = useMemo(() => screens.find((s) => matchRoute(parser, s.path, location)[0]), [screens, parser, location]);
  const links = useMemo(() => navLinks(screens, user?.role), [screens, user?.role]);

  if (status === 'checking') return <Verifying />;
  if (!user)
    return screen ? (
      <Redirect to="/login" replace />
    ) : (
      <main className="container">
        <NotFound />
      </main>
    );

  let content: ReactNode;
  if (!screen) content = <NotFound />;
  else if (!canOpen(screen, user.role)) content = <AccessDenied />;
  else {
    const Screen = lazyScreen(screen);
    content = (
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    );
  }
  return (
    <Layout user={user} links={links}>
      {/* keyed by path: leaving a crashed screen clears the crash */}
      <ErrorBoundary key={location}>{content}</ErrorBoundary>
    </Layout>
  );
}
