// Request validation: bodies are checked strictly (no type coercion: `"5"` is not a number), while query
// strings and params, which arrive as text, are coerced. Unknown fields are rejected, never stripped.
import Ajv, { type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const common: Options = { removeAdditional: false, useDefaults: true, allErrors: false, multipleOfPrecision: 6, strict: false };

function makeAjv(coerceTypes: Options['coerceTypes']) {
  const ajv = new Ajv({ ...common, coerceTypes });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv('array');

/**
 * Fastify validator compiler using the right ajv for each part of the request. Each schema is compiled on
 * its route's first request: compiling them all at boot took most of the start-up time (docs/api.md: < 1 s).
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  let validate: ValidateFunction | undefined;
  return (data: unknown) => {
    validate ??= (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
    return validate(data) ? { value: data } : { error: Object.assign(new Error('validation'), { validation: validate.errors }) };
  };
};
