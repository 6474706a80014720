// The one place the server reads the till a request comes from: the X-Kedai-Till header every UI call carries.
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';
import { isTillName, TILL_HEADER, TILL_NAME_RULE } from './till.js';

/** The request's till name, or null when it names none; 400 for a bad name (before anything is written). */
export function tillOf(request: FastifyRequest): string | null {
  const raw = request.headers[TILL_HEADER];
  if (raw === undefined) return null;
  if (!isTillName(raw)) throw badRequest(`X-Kedai-Till: ${TILL_NAME_RULE}`, 'X-Kedai-Till');
  return raw;
}
