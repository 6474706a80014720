// Reply serialisation: every JSON route declares a TypeBox `response` schema and fast-json-stringify writes
// the reply from it (fields not in the schema are dropped, so the schema is the one declaration of a shape).
import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

/**
 * Fastify serializer compiler that builds each route's stringify function on the route's first reply, as
 * validation.ts does for validators: compiling every response schema at boot would slow start-up (CONTRACT: < 1 s).
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, url, method, httpStatus }) => {
  let stringify: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    stringify ??= fastJsonStringify(schema as object) as (data: unknown) => string;
    const out = stringify(data);
    if (CHECK) {
      const plain = JSON.parse(JSON.stringify(data));
      const typed = JSON.parse(out);
      if (!isDeepStrictEqual(plain, typed)) fs.appendFileSync(CHECK, JSON.stringify({ method, url, httpStatus, plain, typed }) + '\n');
    }
    return out;
  };
};
const CHECK = process.env.KEDAI_CHECK_SERIALIZER;
