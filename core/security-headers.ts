// Security headers (helmet) on every response. @fastify/helmet builds helmet's middleware anew for every
// request (about 0.1 ms, a tenth of a checkout's HTTP overhead), yet with fixed options the headers never
// change: they are computed once with helmet itself and copied onto each reply.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  hsts: false, // plain http on the shop LAN
  contentSecurityPolicy: {
    // upgrade-insecure-requests would make browsers fetch the UI's files over https: a blank page on the LAN.
    directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:', 'blob:'], scriptSrc: ["'self'"] },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets with these options (lower-case names). */
export function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Adds the security headers to every reply (API, errors, 404s, UI files), from the first hook on. */
export function installSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
