// One error catalogue: every failure the API reports is an AppError with a status, a code and a human message.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from './schemas.js';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** 400: the request is malformed; name the field. */
export const badRequest = (message: string, field?: string, details?: unknown) =>
  new AppError(400, 'VALIDATION', message, details ?? (field ? { field } : undefined));
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = "You don't have permission to do this") => new AppError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
/** 409: the request is well formed but conflicts with the current state (stock, credit, status). */
export const conflict = (code: string, message: string, details?: unknown) => new AppError(409, code, message, details);
export const tooLarge = (message: string) => new AppError(413, 'TOO_LARGE', message);
export const unsupportedMedia = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const tooManyRequests = (message: string) => new AppError(429, 'TOO_MANY_REQUESTS', message);

/** Error codes that mean the disk (or the database's page limit) is full: SQLite's SQLITE_FULL, the file system's ENOSPC/EDQUOT. */
const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/** True when an error (or the error it wraps) says the disk is full. */
export function isDiskFull(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && DISK_FULL_CODES.has(e.code)) return true;
  }
  return false;
}

/** 507: what a cashier sees when the disk is full (the sale or backup was not saved; nothing half-written). */
export const DISK_FULL_MESSAGE =
  'The computer running Kedai has run out of disk space, so this was not saved. Nothing was half-saved: ask the shop owner to free up disk space, then try again.';

/** The most a client may still send after a 413 before the connection is cut (it must be able to read the answer). */
export const DRAIN_AFTER_413_BYTES = 64 * 1024 * 1024;
/** ...and the longest it may take to send it. */
export const DRAIN_AFTER_413_MS = 30_000;

/**
 * A 413 is often decided before the client has finished sending (Content-Length over the limit, a file part
 * too big). Answering and closing then makes the client fail with EPIPE/ECONNRESET before it can read the
 * answer. So the rest of the body is read and discarded first (up to DRAIN_AFTER_413_BYTES: beyond that the
 * connection is cut), and the answer goes out after it; the request stays framed, so keep-alive is kept.
 */
function drainRequestBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  reply.removeHeader('connection');
  return new Promise((resolve) => {
    let drained = 0;
    // A client that trickles its body is not waited for forever either.
    const timer = setTimeout(() => {
      raw.socket?.destroy();
      done();
    }, DRAIN_AFTER_413_MS);
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('close', done);
      raw.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_AFTER_413_BYTES) {
        raw.socket?.destroy();
        done();
      }
    };
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}

interface AjvIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

/** Turns an ajv issue into `field` + a sentence naming it ("cost must be >= 0"). */
export function describeValidation(issue: AjvIssue, context?: string): { field: string; message: string } {
  let field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required' && issue.params?.missingProperty) {
    field = [field, String(issue.params.missingProperty)].filter(Boolean).join('.');
    return { field, message: `${field} is required` };
  }
  if (issue.keyword === 'additionalProperties' && issue.params?.additionalProperty) {
    field = [field, String(issue.params.additionalProperty)].filter(Boolean).join('.');
    return { field, message: `${field} is not an allowed field` };
  }
  const where = field || context || 'request';
  if (issue.keyword === 'pattern' && issue.params?.pattern === SINGLE_LINE_PATTERN) {
    return { field: where, message: `${where} must be a single line without control or text-direction characters` };
  }
  if (issue.keyword === 'pattern' && issue.params?.pattern === MULTI_LINE_PATTERN) {
    return { field: where, message: `${where} must not contain control or text-direction characters` };
  }
  return { field: where, message: `${where} ${issue.message ?? 'is invalid'}` };
}

/** Installs the one error handler: `{error, code, details?}`, 5xx details hidden. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const status413 = (err as { statusCode?: number }).statusCode === 413 || (err as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE';
    if (status413) {
      return drainRequestBody(request, reply).then(() => {
        const message = err instanceof AppError ? err.message : 'Request body is too large';
        return reply.status(413).send({ error: message, code: 'TOO_LARGE' });
      });
    }
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ error: err.message, code: err.code, ...(err.details !== undefined ? { details: err.details } : {}) });
    }
    const fe = err as FastifyError & { validation?: AjvIssue[]; validationContext?: string };
    if (fe.validation) {
      const issues = fe.validation.map((i) => describeValidation(i, fe.validationContext));
      return reply.status(400).send({ error: issues[0]?.message ?? 'Invalid request', code: 'VALIDATION', details: { field: issues[0]?.field, issues } });
    }
    const status = fe.statusCode ?? 500;
    if (status413) {
      return reply.status(413).send({ error: 'Request body is too large', code: 'TOO_LARGE' });
    }
    if (status >= 400 && status < 500) {
      const message =
        fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Request body is required'
          : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type'
            : fe.message || 'Bad request';
      return reply.status(status).send({ error: message, code: fe.code ?? 'BAD_REQUEST' });
    }
    if (isDiskFull(err)) {
      request.log.error({ err }, 'disk full');
      return reply.status(507).send({ error: DISK_FULL_MESSAGE, code: 'DISK_FULL' });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error', code: 'INTERNAL' });
  });
}
