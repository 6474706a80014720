// DNS-rebinding guard: a web page a staff member opens could point its own name at the shop's server and then
// drive the API from the browser. Browsers always send that name as Host, so only names the shop really uses
// are answered: IP literals, localhost, this machine's own names and the names the owner configures.
import net from 'node:net';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';

/** The host part of a Host header, lower-cased, without port, brackets or a trailing dot. */
export function hostName(header: string): string {
  let h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  const colon = h.lastIndexOf(':');
  if (colon >= 0 && h.indexOf(':') === colon) h = h.slice(0, colon);
  return h.replace(/\.$/, '');
}

/** This machine's names as LAN clients may type them (`minipc`, `minipc.local`). */
export function machineNames(): string[] {
  const name = os.hostname().toLowerCase();
  return [name, `${name}.local`, name.split('.')[0]];
}

/** True when a request with this Host header may be answered. */
export function hostAllowed(header: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (header === undefined) return true; // HTTP/1.0 without Host: no browser, no rebinding
  const host = hostName(header);
  if (net.isIP(host)) return true;
  return host === 'localhost' || host.endsWith('.localhost') || allowed.has(host);
}

/** Answers 421 to any request whose Host is not one of the shop's names, before anything else runs. */
export function installHostCheck(app: FastifyInstance, configured: string[]) {
  const allowed = new Set([...machineNames(), ...configured.map((n) => hostName(n))].filter(Boolean));
  app.addHook('onRequest', (request, reply, done) => {
    if (hostAllowed(request.headers.host, allowed)) return done();
    reply
      .status(421)
      .header('Connection', 'close')
      .send({
        error: `This server does not answer to the name "${hostName(request.headers.host ?? '')}". Open it by its address or add the name with --hostname.`,
        code: 'MISDIRECTED',
      });
  });
}
