// Test worker (barcodes.test.ts): allocates codes on its own connection to the shop's file, one write transaction
// per call, as a second server process would; posts the codes back.
import { parentPort, workerData } from 'node:worker_threads';
import { openDb, writeTx } from '../../core/db.js';
import { allocateEan13 } from './ean13.js';

const { file, rounds } = workerData as { file: string; rounds: number };
const db = openDb(file);
const codes: string[] = [];
for (let i = 0; i < rounds; i++) codes.push(...writeTx(db, () => allocateEan13(db, 3, '20')));
db.close();
parentPort!.postMessage(codes);
