// Benchmark (#18.4e): bytes on the wire for a till's sign-in and first POS screen, as Chromium receives them
// (encoded, so compression counts), with every request listed by path. The real server runs as its own process
// (the bundled `kedai serve --demo`, the built UI). Also counts how often the POS asks for the same URL.
// Run alone: node --import ./core/dev/register.mjs --import tsx bench/wire-bytes.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildUiIfChanged } from '../tools/build-ui.js';
import { ROOT, bundleServer, startServer } from '../tests/reliability/support-server.js';

export interface WireFigures {
  /** Bytes received (headers and bodies, as encoded) from the login page to the POS showing its products. */
  totalBytes: number;
  requests: { url: string; bytes: number; status: number }[];
  /** URLs fetched more than once while the POS loaded. */
  repeated: string[];
}

export async function runWireBytesBench(): Promise<WireFigures> {
  await buildUiIfChanged({ outDir: 'dist/ui', minify: true, log: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-wire-'));
  const bundle = await bundleServer();
  const server = await startServer(bundle.runner, dir, ['--demo'], { KEDAI_UI_DIR: path.join(ROOT, 'dist/ui') });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, { url: string; status: number; bytes: number }>();
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, { url: e.response.url, status: e.response.status, bytes: 0 }));
    cdp.on('Network.loadingFinished', (e) => {
      const r = urls.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill('staff');
    await page.getByLabel('Password').fill('staff123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('.pos-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const requests = [...urls.values()].map((r) => ({ url: new URL(r.url).pathname + new URL(r.url).search, bytes: r.bytes, status: r.status }));
    const seen = new Map<string, number>();
    for (const r of requests) seen.set(r.url, (seen.get(r.url) ?? 0) + 1);
    return { totalBytes: requests.reduce((s, r) => s + r.bytes, 0), requests, repeated: [...seen].filter(([, n]) => n > 1).map(([u]) => u) };
  } finally {
    await browser.close();
    await server.stop();
    bundle.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runWireBytesBench();
  for (const q of r.requests) console.log(`${String(q.bytes).padStart(8)}  ${q.status}  ${q.url}`);
  console.log(`login + POS: ${(r.totalBytes / 1024).toFixed(1)} KB on the wire in ${r.requests.length} requests; repeated: ${r.repeated.join(', ') || 'none'}`);
}
