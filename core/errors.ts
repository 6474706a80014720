// One error catalogue: every failure the API reports is an AppError with a status, a code and a human message.
import type { FastifyError, FastifyInstance } from 'fastify';
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

interface AjvIssue { instancePath?: string; message?: string; params?: Record<string, unknown>; keyword?: string }

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
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ error: err.message, code: err.code, ...(err.details !== undefined ? { details: err.details } : {}) });
    }
    const fe = err as FastifyError & { validation?: AjvIssue[]; validationContext?: string };
    if (fe.validation) {
      const issues = fe.validation.map((i) => describeValidation(i, fe.validationContext));
      return reply.status(400).send({ error: issues[0]?.message ?? 'Invalid request', code: 'VALIDATION', details: { field: issues[0]?.field, issues } });
    }
    const status = fe.statusCode ?? 500;
    if (status === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'Request body is too large', code: 'TOO_LARGE' });
    }
    if (status >= 400 && status < 500) {
      const message = fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'Request body is required'
        : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type'
        : fe.message || 'Bad request';
      return reply.status(status).send({ error: message, code: fe.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error', code: 'INTERNAL' });
  });
}
