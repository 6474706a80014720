// A fake LAN ESC/POS printer for tests: a node:net server on a random port that captures every byte sent
// and, like an Epson, answers the paper-status query (GS r 1) with one status byte. `silent` accepts
// connections and reads but never answers: a hung printer (or another device on that port).
import net from 'node:net';

const PAPER_STATUS = Buffer.from([0x1d, 0x72, 0x01]);

export interface FakePrinter {
  /** "127.0.0.1:<port>", as Settings' receipt_printer takes it. */
  address: string;
  /** Bytes of each print job (the status probes left out), in arrival order. */
  jobs: Buffer[];
  /** Resolves with the next job's bytes (or one already captured that the caller has not taken). */
  nextJob(timeoutMs?: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** Starts the fake printer. */
export async function startFakePrinter(opts: { silent?: boolean } = {}): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (d) => {
      chunks.push(d);
      const all = Buffer.concat(chunks);
      if (!opts.silent && all.equals(PAPER_STATUS)) socket.write(Buffer.from([0x12])); // online, paper present
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      const all = Buffer.concat(chunks);
      if (all.length > 0 && !all.equals(PAPER_STATUS)) {
        jobs.push(all);
        for (const w of waiters.splice(0)) w();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    jobs,
    async nextJob(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (jobs.length <= taken) {
        if (Date.now() > deadline) throw new Error('the fake printer received no job');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return jobs[taken++];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
