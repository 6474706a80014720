// Group commit (#27.4): writes queued in one turn share one COMMIT, each is acknowledged only once that COMMIT
// is done (a second connection already sees it), a failing write is refused alone, and a COMMIT that fails
// refuses the whole group with nothing written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, writeTx, type Db } from './db.js';
import { groupCommitter, MAX_GROUP } from './group-commit.js';

let dir: string;
let db: Db;
let reader: Db;

test.before.each(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kedai-group-commit-'));
  db = openDb(path.join(dir, 'g.db'));
  db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TABLE sale (id INTEGER PRIMARY KEY, n INTEGER NOT NULL UNIQUE, parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)`);
  reader = openDb(path.join(dir, 'g.db'), { readonly: true });
});
test.after.each(() => {
  reader.close();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = (d: Db) => d.prepare('SELECT count(*) FROM sale').pluck().get() as number;
const insert = (n: number) => () => writeTx(db, () => Number(db.prepare('INSERT INTO sale (n) VALUES (?)').run(n).lastInsertRowid));

test('ten writes in one turn: one COMMIT, each acknowledged after it (another connection sees all ten)', async () => {
  const g = groupCommitter(db);
  const seen: number[] = [];
  const acks = Array.from({ length: 10 }, (_, i) =>
    g.write(insert(i)).then((id) => {
      seen.push(count(reader));
      return id;
    }),
  );
  assert.is(count(reader), 0, 'nothing written before the group runs');
  const ids = await Promise.all(acks);
  assert.equal(ids, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.equal(seen, Array(10).fill(10));
  assert.equal(g.stats, { commits: 1, writes: 10 });
  assert.is(db.inTransaction, false);
});

test('a write that fails is refused alone; the rest of its group commits', async () => {
  const g = groupCommitter(db);
  const failing = () =>
    writeTx(db, () => {
      db.prepare('INSERT INTO sale (n) VALUES (3)').run();
      throw new Error('out of stock');
    });
  const results = await Promise.allSettled([g.write(insert(1)), g.write(insert(1)), g.write(failing), g.write(insert(2))]);
  assert.equal(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'rejected', 'fulfilled'],
  );
  assert.match(String((results[1] as PromiseRejectedResult).reason), /UNIQUE/);
  assert.match(String((results[2] as PromiseRejectedResult).reason), /out of stock/);
  assert.equal(reader.prepare('SELECT n FROM sale ORDER BY n').pluck().all(), [1, 2]);
  assert.equal(g.stats, { commits: 1, writes: 4 });
});

test(`more than ${MAX_GROUP} at once: several commits of at most ${MAX_GROUP}, in order`, async () => {
  const g = groupCommitter(db);
  await Promise.all(Array.from({ length: MAX_GROUP + 8 }, (_, i) => g.write(insert(i))));
  assert.equal(g.stats, { commits: 2, writes: MAX_GROUP + 8 });
  assert.equal(
    reader.prepare('SELECT n FROM sale ORDER BY id').pluck().all(),
    Array.from({ length: MAX_GROUP + 8 }, (_, i) => i),
  );
});

test('a COMMIT that fails (a deferred foreign key) refuses every write of the group, and none is written', async () => {
  const g = groupCommitter(db);
  const results = await Promise.allSettled([
    g.write(insert(1)),
    g.write(() => writeTx(db, () => db.prepare('INSERT INTO sale (n, parent_id) VALUES (2, 99)').run())),
    g.write(insert(3)),
  ]);
  assert.equal(
    results.map((r) => r.status),
    ['rejected', 'rejected', 'rejected'],
  );
  assert.match(String((results[0] as PromiseRejectedResult).reason), /FOREIGN KEY/);
  assert.is(count(reader), 0);
  assert.is(db.inTransaction, false);
  // The next group is unaffected.
  assert.is(await g.write(insert(4)), 1);
  assert.is(count(reader), 1);
});

test('writes queued in separate turns are separate commits (a lone till waits for nobody); alone, a failure is its own', async () => {
  const g = groupCommitter(db);
  await g.write(insert(1));
  await g.write(insert(2));
  await g.write(insert(2)).then(
    () => assert.unreachable('a duplicate'),
    (err: Error) => assert.match(err.message, /UNIQUE/),
  );
  assert.equal(g.stats, { commits: 3, writes: 3 });
  assert.equal(reader.prepare('SELECT n FROM sale ORDER BY n').pluck().all(), [1, 2]);
  assert.is(db.inTransaction, false);
});

test.run();
