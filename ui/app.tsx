// The whole UI: /login, the bare screens (the customer display: no sign-in, no shell), then the guarded shell for
// every other path; toasts and the crash screen around them all.
import { lazy, Suspense, useMemo } from 'react';
import { Route, Switch } from 'wouter';
import type { ScreenDef } from './screen-def.js';
import { LoginScreen } from './login/login-screen.js';
import { ErrorBoundary } from './shell/error-boundary.js';
import { Shell } from './shell/shell.js';
import { Toaster } from './shell/toaster.js';

/** The app for a list of screens (plugins' screens plus the shell's defaults). */
export function App({ screens }: { screens: ScreenDef[] }) {
  const bare = useMemo(() => screens.filter((s) => s.bare).map((s) => ({ path: s.path, Screen: lazy(s.load) })), [screens]);
  const shellScreens = useMemo(() => screens.filter((s) => !s.bare), [screens]);
  return (
    <>
      <ErrorBoundary>
        <Switch>
          <Route path="/login" component={LoginScreen} />
          {bare.map(({ path, Screen }) => (
            <Route key={path} path={path}>
              <Suspense fallback={null}><Screen /></Suspense>
            </Route>
          ))}
          <Route>
            <Shell screens={shellScreens} />
          </Route>
        </Switch>
      </ErrorBoundary>
      <Toaster />
    </>
  );
}
