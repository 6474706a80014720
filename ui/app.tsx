// The whole UI: /login, then the guarded shell for every other path; toasts and the crash screen around both.
import { Route, Switch } from 'wouter';
import type { ScreenDef } from './screen-def.js';
import { LoginScreen } from './login/login-screen.js';
import { ErrorBoundary } from './shell/error-boundary.js';
import { Shell } from './shell/shell.js';
import { Toaster } from './shell/toaster.js';

/** The app for a list of screens (plugins' screens plus the shell's defaults). */
export function App({ screens }: { screens: ScreenDef[] }) {
  return (
    <>
      <ErrorBoundary>
        <Switch>
          <Route path="/login" component={LoginScreen} />
          <Route>
            <Shell screens={screens} />
          </Route>
        </Switch>
      </ErrorBoundary>
      <Toaster />
    </>
  );
}
