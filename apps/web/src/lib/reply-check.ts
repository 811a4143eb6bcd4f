import * as contract from '@ishuri/contract';
import type { EndpointSpec } from '@ishuri/contract';

/**
 * The full check of an answer against its endpoint's reply schema (zod), by operationId. Loaded
 * by the API client when it is needed (a plain answer, or any answer in development and tests),
 * so that the public pages' first JavaScript carries no schema.
 */
const endpoints = new Map<string, EndpointSpec>();
for (const [name, group] of Object.entries(contract)) {
  if (!name.endsWith('Api')) continue;
  for (const endpoint of Object.values(group as Record<string, EndpointSpec>)) {
    endpoints.set(endpoint.operationId, endpoint);
  }
}

/** True when the answer is what the endpoint's reply schema says (or it has none). */
export function replyMatches(operationId: string, answer: unknown): boolean {
  const endpoint = endpoints.get(operationId);
  if (!endpoint) return false;
  const schema = contract.replySchema(endpoint.reply);
  return schema ? schema.safeParse(answer).success : true;
}
