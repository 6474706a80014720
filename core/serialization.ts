// Reply serialisation: every JSON route declares a TypeBox `response` schema and fast-json-stringify writes
// the reply from it (fields not in the schema are dropped, so the schema is the one declaration of a shape).
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

/**
 * Fastify serializer compiler that builds each route's stringify function on the route's first reply, as
 * validation.ts does for validators: compiling every response schema at boot would slow start-up (CONTRACT: < 1 s).
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  let stringify: ((data: unknown) => string) | undefined;
  return (data: unknown) => (stringify ??= fastJsonStringify(schema as object) as (data: unknown) => string)(data);
};
