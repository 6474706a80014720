// Raw HTTP/1.1 over node:net, for attacking the real server the way an outsider would. fetch() and
// app.inject() both normalise what they send (paths, Host); a socket sends exactly the bytes written here.
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The socket closed before any status line arrived. */
  noAnswer?: boolean;
}

export interface RawRequest {
  method: string;
  /** The request target exactly as sent (not encoded or normalised). */
  target: string;
  /** Host header; null sends none. */
  host: string | null;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** Sends one request on a fresh connection (Connection: close) and reads the whole reply. */
export function rawRequest(port: number, req: RawRequest, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no reply in ${timeoutMs} ms: ${req.method} ${req.target}`));
    }, timeoutMs);
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {
      /* a reset after the reply is fine; no reply is reported below */
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(chunks)));
    });
    const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
    const lines = [`${req.method} ${req.target} HTTP/1.1`];
    if (req.host !== null) lines.push(`Host: ${req.host}`);
    for (const [k, v] of Object.entries(req.headers ?? {})) lines.push(`${k}: ${v}`);
    if (body) lines.push(`Content-Length: ${body.length}`);
    lines.push('Connection: close', '', '');
    socket.write(lines.join('\r\n'));
    if (body) socket.write(body);
  });
}

function parseResponse(raw: Buffer): RawResponse {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!m || end < 0) return { status: 0, headers: {}, body: text, noAnswer: true };
  const headers: Record<string, string> = {};
  for (const line of text.slice(0, end).split('\r\n').slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = unchunk(body);
  return { status: Number(m[1]), headers, body: body.toString('utf8') };
}

function unchunk(buf: Buffer): Buffer {
  const out: Buffer[] = [];
  let i = 0;
  while (i < buf.length) {
    const eol = buf.indexOf('\r\n', i);
    if (eol < 0) break;
    const size = parseInt(buf.subarray(i, eol).toString('latin1'), 16);
    if (!size) break;
    out.push(buf.subarray(eol + 2, eol + 2 + size));
    i = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/**
 * Spellings of one path that a guard reading the raw URL could mistake for another path, while a router,
 * a proxy or a file server might resolve them to the same handler. `path` starts with /api/ or /media/.
 */
export function pathVariants(path: string): { name: string; target: string; sameRoute: boolean }[] {
  const [, top, rest] = /^\/([^/]+)(\/.*)?$/.exec(path) ?? ['', path.slice(1), ''];
  const tail = rest ?? '';
  const enc = (s: string) => s.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return [
    { name: 'as is', target: path, sameRoute: true },
    { name: 'percent-encoded prefix', target: `/${enc(top)}${tail}`, sameRoute: true },
    { name: 'upper-case percent escape', target: `/${top.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}${tail}`, sameRoute: true },
    { name: 'encoded last segment', target: path.replace(/\/([a-z])([^/]*)$/, (_m, c, r) => `/%${c.charCodeAt(0).toString(16)}${r}`), sameRoute: true },
    { name: 'query string', target: `${path}?debug=1&role=ADMIN`, sameRoute: true },
    { name: 'upper-case prefix', target: `/${top.toUpperCase()}${tail}`, sameRoute: false },
    { name: 'mixed-case prefix', target: `/${top[0].toUpperCase()}${top.slice(1)}${tail}`, sameRoute: false },
    { name: 'dot-dot', target: `/${top}/../${top}${tail}`, sameRoute: false },
    { name: 'encoded dot-dot', target: `/x/%2e%2e/${top}${tail}`, sameRoute: false },
    { name: 'double slash', target: `/${path}`, sameRoute: false },
    { name: 'inner double slash', target: `/${top}/${tail}`, sameRoute: false },
    { name: 'semicolon', target: `/${top};x${tail}`, sameRoute: false },
    { name: 'encoded slash', target: `/${top}%2f${tail.slice(1)}`, sameRoute: false },
    { name: 'double-encoded', target: `/%25${top.charCodeAt(0).toString(16)}${top.slice(1)}${tail}`, sameRoute: false },
    { name: 'trailing dot', target: `${path}.`, sameRoute: false },
    { name: 'trailing slash', target: `${path}/`, sameRoute: false },
    { name: 'backslash', target: `/${top}\\${tail.slice(1)}`, sameRoute: false },
    { name: 'NUL byte', target: `${path}%00`, sameRoute: false },
    { name: 'absolute form', target: `http://evil.example${path}`, sameRoute: false },
    { name: 'overlong', target: `${path}?${'a'.repeat(70_000)}`, sameRoute: false },
  ];
}
