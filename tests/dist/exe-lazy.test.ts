// The executable's rarely used packages (#27.5) are not in its server bundle: each is a chunk of its own
// (tools/build-exe.ts LAZY_CHUNKS) unpacked with the runtime files and loaded at first use. This builds
// dist-like output in a temp folder and uses each one through the running executable: the receipt's barcode
// (bwip-js), a PayNow QR (qrcode), a print to a fake LAN printer (node-thermal-printer), a common password
// refused (zxcvbn's list), invoice and receipt PDFs (pdfkit + fontkit); the S3 client's chunk is required from the unpacked folder (no S3 server here).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, cannotBuild, signIn, startServer, type Server } from './exe-support.js';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer.js';

const reason = cannotBuild();
const it = reason ? test.skip : test;
if (reason) console.log(`Skipping the executable tests: ${reason}.`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-exe-lazy-'));
const shop = path.join(work, 'shop');
const exe = path.join(shop, 'kedai');
let chunks: string[] = [];
let server: Server | undefined;
let printer: FakePrinter | undefined;
let token = '';

test.before(async () => {
  if (reason) return;
  const { buildUi } = await import('../../tools/build-ui.js');
  const { buildExe, LAZY_CHUNKS } = await import('../../tools/build-exe.js');
  chunks = Object.keys(LAZY_CHUNKS);
  const uiDir = path.join(work, 'ui');
  await buildUi({ outDir: uiDir, minify: true, clean: true, log: false });
  const built = await buildExe({ uiDir, outFile: path.join(work, 'build', 'kedai'), log: false });
  fs.mkdirSync(shop);
  fs.copyFileSync(built.file, exe);
  fs.chmodSync(exe, 0o755);
  server = await startServer(exe, ['--demo'], shop);
  token = await signIn(server.url, 'admin', 'admin123');
  printer = await startFakePrinter();
});

test.after(async () => {
  await server?.stop();
  await printer?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The unpacked runtime folder of the running build. */
function runtimeRoot(): string {
  const dir = path.join(shop, 'data', '.runtime');
  const builds = fs.readdirSync(dir).filter((n) => !n.startsWith('.'));
  assert.is(builds.length, 1);
  return path.join(dir, builds[0]);
}

it('each lazy package is its own file beside the runtime, and none is in the server bundle', () => {
  const root = runtimeRoot();
  for (const name of chunks) assert.ok(fs.statSync(path.join(root, 'lazy', `${name}.cjs`)).size > 10_000, `lazy/${name}.cjs`);
  const bundle = fs.readFileSync(path.join('dist', '.sea', 'server.cjs'), 'utf8');
  for (const pkg of ['node_modules/pdfkit/', 'node_modules/fontkit/', 'node_modules/bwip-js/', 'node_modules/qrcode/', 'node_modules/node-thermal-printer/', 'node_modules/@zxcvbn-ts/', 'node_modules/@aws-sdk/client-s3/']) {
    assert.not.ok(bundle.includes(pkg), `${pkg} is not in the server bundle`);
  }
});

it('the receipt carries its Code128 barcode (bwip-js) and a PayNow QR is drawn (qrcode)', async () => {
  const list = await call(`${server!.url}/api/invoices?pageSize=1`, 'GET', undefined, token);
  const id = list.body.invoices[0].id;
  const receipt = await call(`${server!.url}/api/invoices/${id}/receipt`, 'GET', undefined, token);
  assert.is(receipt.status, 200, JSON.stringify(receipt.body));
  assert.match(receipt.body.receipt.barcode_svg, /^<svg[\s\S]*<path/);
  const qr = await call(`${server!.url}/api/paynow/qr`, 'POST', { amount: 12.5, reference: 'EXE-LAZY-1' }, token);
  assert.is(qr.status, 200, JSON.stringify(qr.body));
  assert.match(qr.body.svg, /^<svg[\s\S]*<path/);
  assert.match(qr.body.payload, /^000201/);
});

it('a receipt goes to the LAN printer (node-thermal-printer)', async () => {
  const set = await call(`${server!.url}/api/settings`, 'PATCH', { receipt_printer: printer!.address }, token);
  assert.is(set.status, 200, JSON.stringify(set.body));
  const list = await call(`${server!.url}/api/invoices?pageSize=1`, 'GET', undefined, token);
  const printed = await call(`${server!.url}/api/invoices/${list.body.invoices[0].id}/print`, 'POST', { reprint: true }, token);
  assert.is(printed.status, 200, JSON.stringify(printed.body));
  const job = (await printer!.nextJob()).toString('latin1');
  assert.ok(job.includes('Kedai Footwear'), 'the shop name on the printed receipt');
  assert.ok(job.includes('** REPRINT **'));
});

it("a common password is refused (zxcvbn's list), a good one accepted", async () => {
  const bad = await call(`${server!.url}/api/users`, 'POST', { username: 'weak1', password: 'password123', role: 'USER' }, token);
  assert.is(bad.status, 400);
  assert.match(bad.body.error, /most common passwords/);
  const good = await call(`${server!.url}/api/users`, 'POST', { username: 'strong1', password: 'kedai-till-7731', role: 'USER' }, token);
  assert.is(good.status, 201, JSON.stringify(good.body));
});

it('invoice and receipt PDFs render through the pdf chunk (pdfkit with the fontkit that parsed the fonts)', async () => {
  const list = await call(`${server!.url}/api/invoices?pageSize=1`, 'GET', undefined, token);
  const id = list.body.invoices[0].id;
  for (const q of ['', '?format=receipt']) {
    const pdf = await call(`${server!.url}/api/invoices/${id}/pdf${q}`, 'GET', undefined, token);
    assert.is(pdf.status, 200, pdf.raw.toString().slice(0, 300));
    assert.is(pdf.type, 'application/pdf');
    assert.is(pdf.raw.subarray(0, 5).toString(), '%PDF-');
    assert.ok(pdf.raw.length > 5000, `${pdf.raw.length} bytes`);
  }
});

it("the S3 client's chunk loads on its own from the unpacked folder", () => {
  const file = path.join(runtimeRoot(), 'lazy', 's3.cjs');
  const r = spawnSync(process.execPath, ['-e', `const m = require(${JSON.stringify(file)}); console.log(typeof m.S3Client, typeof m.PutObjectCommand)`], { encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr);
  assert.is(r.stdout.trim(), 'function function');
});

test.run();
