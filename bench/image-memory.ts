// Issue 13.12: how much memory does the real server take when N admins upload large, highly compressed
// pictures at once? Starts `kedai serve --demo` (an esbuild bundle of app/server.ts) on a fresh data folder,
// makes one 40-megapixel 16-bit PNG (~350 KB), posts it N times in parallel through the base64 proxy upload,
// and samples the server's resident memory (/proc/PID/status: VmRSS every 20 ms, VmHWM at the end).
// Run: node --import ./core/dev/register.mjs --import tsx bench/image-memory.ts [N=8] [ROUNDS=1]
import fs from 'node:fs';
import sharp from 'sharp';
import { bundleServer, signIn, startServer, tempDataDir } from '../tests/reliability/support-server.js';

const N = Number(process.argv[2] ?? 8);
const ROUNDS = Number(process.argv[3] ?? 1);
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

function memory(pid: number): { rss: number; hwm: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

const png = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: { r: 10, g: 20, b: 30 } } })
  .toColourspace('rgb16')
  .png({ compressionLevel: 9 })
  .toBuffer();
const meta = await sharp(png).metadata();
const { runner, remove } = await bundleServer();
const server = await startServer(runner, tempDataDir('image-memory'), ['--demo']);
try {
  const token = await signIn(server.url, { username: 'admin', password: 'admin123' });
  const body = JSON.stringify({ productId: 1, fileName: 'big.png', contentType: 'image/png', fileData: png.toString('base64') });
  const upload = async () => {
    const r = await fetch(`${server.url}/api/ecommerce/upload/proxy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    await r.arrayBuffer();
    return r.status;
  };
  const idle = memory(server.pid).rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory(server.pid).rss);
  }, 20);
  const started = performance.now();
  const statuses: number[] = [];
  for (let round = 0; round < ROUNDS; round++) statuses.push(...(await Promise.all(Array.from({ length: N }, upload))));
  const ms = performance.now() - started;
  clearInterval(sampler);
  const { rss, hwm } = memory(server.pid);
  console.log(`picture: ${meta.width}x${meta.height} ${meta.depth} ${meta.channels} channels, ${(png.length / 1024).toFixed(0)} KB`);
  const byStatus: Record<number, number> = {};
  for (const s of statuses) byStatus[s] = (byStatus[s] ?? 0) + 1;
  console.log(`${N} parallel uploads x ${ROUNDS}: statuses ${JSON.stringify(byStatus)} in ${(ms / 1000).toFixed(1)} s`);
  console.log(`server RSS: idle ${mb(idle)}, peak sampled ${mb(peak)}, VmHWM ${mb(hwm)}, after ${mb(rss)}`);
} finally {
  await server.stop();
  remove();
}
