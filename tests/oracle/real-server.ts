// Starts the real server for one oracle run: the whole app (every plugin) on 127.0.0.1 on a random port, over a fresh
// temp data folder, with the accounts admin (ADMIN) and staff (USER), as tests/e2e/harness.ts does (no UI build: the
// oracle only speaks HTTP to the API). The only file of the oracle that touches the server's code, to boot it.
import { testApp, TEST_PASSWORDS } from '../helpers/app.js';

export interface RealServer {
  url: string;
  passwords: { admin: string; staff: string };
  close(): Promise<void>;
}

export async function startRealServer(): Promise<RealServer> {
  const t = await testApp({ demo: false, uiDir: null });
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address.replace(/\/$/, ''), passwords: TEST_PASSWORDS, close: () => t.close() };
}
