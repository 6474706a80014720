// The /login page: username + password (with show/hide), 'Sign in', and the demo accounts box in demo mode; on a
// shop that has no owner yet, where to set it up (#26.8).
import { useRef, useState, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { signIn, useSession } from '../session.js';
import { useDemoConfig } from '../shop-config.js';
import { toast } from '../toast.js';
import { loginErrorMessage } from './login-error.js';

/** The sign-in form; a signed-in visitor is sent to '/'. */
export function LoginScreen() {
  const { user, status } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const [wrong, setWrong] = useState<'username' | 'password' | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The demo accounts come with the shop's configuration, which the app loaded before this first render.
  const config = useDemoConfig();

  if (status === 'checking')
    return (
      <p className="center-state" aria-busy="true">
        Checking authentication...
      </p>
    );
  if (user) return <Redirect to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const gaps = { username: !username.trim(), password: !password };
    setMissing(gaps);
    if (gaps.username || gaps.password) {
      (gaps.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setWrong(null);
    try {
      const signedIn = await signIn(username.trim(), password);
      toast.success(`Welcome, ${signedIn.username}!`);
    } catch (err) {
      const message = loginErrorMessage(err);
      toast.error(message);
      if (message === 'Wrong password') {
        setWrong('password');
        passwordRef.current?.select();
      } else if (message === 'Wrong username') {
        setWrong('username');
        usernameRef.current?.select();
      }
      setBusy(false);
    }
  };

  const fillAccount = (account: { username: string; password: string }) => {
    setUsername(account.username);
    setPassword(account.password);
    setMissing({});
    setWrong(null);
  };

  const demoAccounts = config.demo ? config.demoAccounts : [];
  return (
    <main className="container login-page">
      <article className="login-card">
        <header>
          <h1>Kedai</h1>
          <p>Point of sale and back office</p>
        </header>
        {config.setup ? (
          <p className="setup-note" role="note">
            This shop is not set up yet: open the setup link printed by the server.
          </p>
        ) : null}
        <form onSubmit={submit} noValidate>
          <label htmlFor="login-username">Username</label>
          <input
            id="login-username"
            ref={usernameRef}
            name="username"
            autoComplete="username"
            autoFocus
            required
            value={username}
            aria-invalid={missing.username || wrong === 'username' ? true : undefined}
            onChange={(e) => {
              setUsername(e.target.value);
              setMissing((m) => ({ ...m, username: false }));
            }}
          />
          {missing.username ? <small className="field-error">Username is required</small> : null}
          <label htmlFor="login-password">Password</label>
          {/* biome-ignore lint/a11y/useSemanticElements: Pico CSS lays out role="group" (joined controls); a fieldset would bring Pico's fieldset margin and width instead */}
          <div className="password-row" role="group">
            <input
              id="login-password"
              ref={passwordRef}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              aria-invalid={missing.password || wrong === 'password' ? true : undefined}
              onChange={(e) => {
                setPassword(e.target.value);
                setMissing((m) => ({ ...m, password: false }));
              }}
            />
            <button type="button" className="secondary outline toggle-password" aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
              {showPassword ? 'Hide' : 'Show'}
            </button>
          </div>
          {missing.password ? <small className="field-error">Password is required</small> : null}
          <button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Signing in...' : 'Sign in'}
          </button>
        </form>
        {demoAccounts.length > 0 ? (
          <aside className="demo-box" aria-label="Demo accounts">
            <strong>Demo accounts</strong>
            <ul>
              {demoAccounts.map((a) => (
                <li key={a.username}>
                  <button type="button" className="link-button" onClick={() => fillAccount(a)}>
                    <span className={`role-badge role-${a.role.toLowerCase()}`}>{a.role}</span> {a.username} / {a.password}
                  </button>
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
      </article>
    </main>
  );
}
