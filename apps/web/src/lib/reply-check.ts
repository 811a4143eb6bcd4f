import {
  announcementApi,
  authApi,
  blogApi,
  captionsApi,
  certificateApi,
  contactApi,
  courseApi,
  discussionApi,
  enrolmentApi,
  healthApi,
  lessonApi,
  mailApi,
  premiumAdminApi,
  premiumApi,
  progressApi,
  quizApi,
  replySchema,
  reportApi,
  resourceApi,
  subscriberApi,
  supportAdminApi,
  supportApi,
  systemApi,
  userApi,
  webinarApi,
} from '@ishuri/contract';
import type * as Contract from '@ishuri/contract';
import type { EndpointSpec } from '@ishuri/contract';

/**
 * The full check of an answer against its endpoint's reply schema (zod), by operationId. Loaded
 * by the API client when it is needed (a plain answer, or any answer in development and tests),
 * so that the public pages' first JavaScript carries no schema.
 *
 * Every endpoint group, by name (the typecheck fails when one is missing). Not the contract as a
 * whole (`import * as`): that would keep every export of every module the app loads, the whole
 * catalogue and the error table among them, in the first pages' JavaScript.
 */
const groups = {
  announcementApi,
  authApi,
  blogApi,
  captionsApi,
  certificateApi,
  contactApi,
  courseApi,
  discussionApi,
  enrolmentApi,
  healthApi,
  lessonApi,
  mailApi,
  premiumAdminApi,
  premiumApi,
  progressApi,
  quizApi,
  reportApi,
  resourceApi,
  subscriberApi,
  supportAdminApi,
  supportApi,
  systemApi,
  userApi,
  webinarApi,
} satisfies Record<Extract<keyof typeof Contract, `${string}Api`>, unknown>;

const endpoints = new Map<string, EndpointSpec>();
for (const group of Object.values(groups)) {
  for (const endpoint of Object.values(group as Record<string, EndpointSpec>)) {
    endpoints.set(endpoint.operationId, endpoint);
  }
}

/** True when the answer is what the endpoint's reply schema says (or it has none). */
export function replyMatches(operationId: string, answer: unknown): boolean {
  const endpoint = endpoints.get(operationId);
  if (!endpoint) return false;
  const schema = replySchema(endpoint.reply);
  return schema ? schema.safeParse(answer).success : true;
}
