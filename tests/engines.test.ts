// #13.15: every package the lockfile installs supports the Node that runs Kedai (so `npm install` prints no
// EBADENGINE warning). A dependency bumped to one that needs a newer Node fails here, naming it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import semver from 'semver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test('every locked package supports this Node version', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
  };
  const refused: string[] = [];
  let checked = 0;
  for (const [where, pkg] of Object.entries(lock.packages)) {
    const range = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
    if (!where || !range) continue;
    checked++;
    if (!semver.satisfies(process.versions.node, range, { includePrerelease: true }))
      refused.push(`${where.replace(/^.*node_modules\//, '')} needs node ${range}`);
  }
  assert.ok(checked > 50, `packages with an engines field checked: ${checked}`);
  assert.equal(refused, [], `packages that do not support Node ${process.versions.node}`);
});

test.run();
