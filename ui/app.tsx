// The whole UI: /login and the public screens (the first-run /setup), then the guarded shell for every other
// path; toasts and the crash screen around them all.
import { Suspense, useMemo } from 'react';
import { Route, Switch } from 'wouter';
import type { ScreenDef } from './screen-def.js';
import { LoginScreen } from './login/login-screen.js';
import { ErrorBoundary } from './shell/error-boundary.js';
import { ScreenLoading } from './shell/messages.js';
import { lazyScreen, Shell } from './shell/shell.js';
import { Toaster } from './shell/toaster.js';

/** A public screen: no layout, no guard, its own lazy chunk. */
function PublicScreen({ screen }: { screen: ScreenDef }) {
  const Screen = lazyScreen(screen);
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}

/** The app for a list of screens (plugins' screens plus the shell's defaults). */
export function App({ screens }: { screens: ScreenDef[] }) {
  const publicScreens = useMemo(() => screens.filter((s) => s.public), [screens]);
  const guarded = useMemo(() => screens.filter((s) => !s.public), [screens]);
  return (
    <>
      <ErrorBoundary>
        <Switch>
          <Route path="/login" component={LoginScreen} />
          {publicScreens.map((s) => (
            <Route key={s.path} path={s.path}>
              <PublicScreen screen={s} />
            </Route>
          ))}
          <Route>
            <Shell screens={guarded} />
          </Route>
        </Switch>
      </ErrorBoundary>
      <Toaster />
    </>
  );
}
