import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Writes an answer from its contract schema without checking it again with zod (issue 13,
 * point 2): the schema is turned into JSON Schema once per route and compiled by
 * fast-json-stringify, which writes only the declared fields (a field a service adds by mistake
 * is not sent, as zod's encoding dropped it) and fails on a missing required one (a 500, as
 * before). Measured on 1,000 users, zod's encoding was a fifth of the server's time. A schema
 * JSON Schema cannot say (a transform) keeps zod's encoding.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(route.schema, {
      io: 'output',
      target: 'draft-07',
      unrepresentable: 'throw',
    });
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJsonStringify(jsonSchema);
};
