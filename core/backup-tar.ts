// A small ustar writer and reader for backup archives (regular files and folders only). The archive is a
// plain .tar.gz any `tar -xzf` can open, so an owner can always get at the database without Kedai.
import fs from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

const BLOCK = 512;
const STREAM_ABOVE = 8 * 1024 * 1024;

export class TarError extends Error {}

function writeText(buf: Buffer, offset: number, length: number, text: string) {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > length) throw new TarError(`Name too long for the archive: ${text}`);
  bytes.copy(buf, offset);
}

function writeOctal(buf: Buffer, offset: number, length: number, value: number) {
  const text = Math.floor(value).toString(8);
  if (text.length > length - 1) throw new TarError(`Value too large for the archive: ${value}`);
  writeText(buf, offset, length, `${text.padStart(length - 1, '0')}\0`);
}

// Names over 100 bytes go into ustar's 155-byte prefix, split at a slash.
function splitName(name: string): [prefix: string, rest: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new TarError(`Name too long for the archive: ${name}`);
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
  return sum;
}

/** One 512-byte ustar header. */
export function tarHeader(name: string, size: number, opts: { mtime?: Date; mode?: number; type?: 'file' | 'dir' } = {}): Buffer {
  const header = Buffer.alloc(BLOCK);
  const [prefix, rest] = splitName(name);
  writeText(header, 0, 100, rest);
  writeOctal(header, 100, 8, opts.mode ?? (opts.type === 'dir' ? 0o755 : 0o644));
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, size);
  writeOctal(header, 136, 12, (opts.mtime ?? new Date()).getTime() / 1000);
  header[156] = opts.type === 'dir' ? 0x35 : 0x30;
  writeText(header, 257, 6, 'ustar\0');
  writeText(header, 263, 2, '00');
  writeText(header, 265, 32, 'kedai');
  writeText(header, 297, 32, 'kedai');
  writeText(header, 345, 155, prefix);
  writeText(header, 148, 8, `${checksum(header).toString(8).padStart(6, '0')}\0 `);
  return header;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries to a stream (usually gzip -> file), respecting back-pressure. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer) {
    if (chunk.length && !this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** Adds a file from memory. */
  async addBuffer(name: string, data: Buffer, mtime = new Date()) {
    await this.write(tarHeader(name, data.length, { mtime }));
    await this.write(data);
    await this.write(padding(data.length));
  }

  /** Adds a file from disk; returns false when it vanished meanwhile (an image deleted during the backup). */
  async addFile(name: string, file: string): Promise<boolean> {
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
      if (stat.size <= STREAM_ABOVE) {
        await this.addBuffer(name, await fs.promises.readFile(file), stat.mtime);
        return true;
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
    // Large files (the database snapshot) are streamed; they are Kedai's own private copies, so their size holds.
    await this.write(tarHeader(name, stat.size, { mtime: stat.mtime }));
    let written = 0;
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
      written += (chunk as Buffer).length;
      await this.write(chunk as Buffer);
    }
    if (written !== stat.size) throw new TarError(`${file} changed size while it was archived`);
    await this.write(padding(stat.size));
    return true;
  }

  /** Adds a folder entry. */
  async addDir(name: string) {
    await this.write(tarHeader(name.endsWith('/') ? name : `${name}/`, 0, { type: 'dir' }));
  }

  /** Writes the end-of-archive blocks and ends the stream. */
  async finish() {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.out.end();
  }
}

/** Pulls exact byte counts out of a chunk stream. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(min: number) {
    while (this.length < min && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else if (next.value.length) {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Up to `max` bytes (at least one unless the stream ended). */
  async readUpTo(max: number): Promise<Buffer> {
    await this.fill(1);
    const all = this.buffered.length === 1 ? this.buffered[0] : Buffer.concat(this.buffered);
    const out = all.subarray(0, Math.min(max, all.length));
    const rest = all.subarray(out.length);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  /** Exactly n bytes, or null at a clean end of stream; a partial block is an error. */
  async readExact(n: number): Promise<Buffer | null> {
    await this.fill(n);
    if (this.length === 0) return null;
    if (this.length < n) throw new TarError('The archive is truncated');
    return this.readUpTo(n);
  }
}

const readText = (buf: Buffer, offset: number, length: number) => {
  const end = buf.indexOf(0, offset);
  return buf.toString('utf8', offset, end >= 0 && end < offset + length ? end : offset + length);
};
const readOctal = (buf: Buffer, offset: number, length: number) => parseInt(readText(buf, offset, length).trim() || '0', 8);

export interface TarEntry {
  name: string;
  type: 'file' | 'dir';
  size: number;
}

/**
 * Reads a tar stream; for each entry calls `onEntry` with the file's bytes as chunks (whatever it leaves
 * unread is skipped). Headers are checksum-verified; links and devices are refused.
 */
export async function readTar(input: AsyncIterable<Buffer>, onEntry: (entry: TarEntry, chunks: AsyncIterable<Buffer>) => Promise<void>) {
  const reader = new ByteReader(input[Symbol.asyncIterator]());
  for (;;) {
    const header = await reader.readExact(BLOCK);
    if (!header || header.every((b) => b === 0)) return;
    if (readOctal(header, 148, 8) !== checksum(header)) throw new TarError('The archive is damaged (a header checksum does not match)');
    const prefix = readText(header, 345, 155);
    const base = readText(header, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const flag = String.fromCharCode(header[156] || 0x30);
    const size = readOctal(header, 124, 12);
    if (flag !== '0' && flag !== '5') throw new TarError(`The archive holds an entry Kedai does not restore: ${name}`);
    const entry: TarEntry = { name: name.replace(/\/$/, ''), type: flag === '5' ? 'dir' : 'file', size: flag === '5' ? 0 : size };
    let remaining = entry.size;
    const chunks = (async function* () {
      while (remaining > 0) {
        const chunk = await reader.readUpTo(Math.min(remaining, 1024 * 1024));
        if (!chunk.length) throw new TarError('The archive is truncated');
        remaining -= chunk.length;
        yield chunk;
      }
    })();
    await onEntry(entry, chunks);
    while (remaining > 0) {
      // skip what the handler left unread
      const chunk = await reader.readUpTo(Math.min(remaining, 1024 * 1024));
      if (!chunk.length) throw new TarError('The archive is truncated');
      remaining -= chunk.length;
    }
    const pad = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (pad && !(await reader.readExact(pad))) throw new TarError('The archive is truncated');
  }
}
