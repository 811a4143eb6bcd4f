import type { ListQuery } from '@ishuri/contract';

/** Query keys of the dashboard: a delete or a create invalidates the first part. */
export const keys = {
  counts: ['counts'] as const,
  count: (name: string) => ['counts', name] as const,
  users: (query?: ListQuery) => ['users', 'list', query] as const,
  usersAll: ['users'] as const,
  courses: ['courses'] as const,
  managedCourses: (mine: boolean, query?: ListQuery) =>
    ['courses', 'managed', mine, query] as const,
  latestCourses: ['courses', 'latest'] as const,
  premiumCourses: ['courses', 'premium'] as const,
  course: (id: string) => ['course', id] as const,
  blogs: (query?: ListQuery) => ['blogs', 'list', query] as const,
  blogsAll: ['blogs'] as const,
  subscribers: (query?: ListQuery) => ['subscribers', 'list', query] as const,
  subscribersAll: ['subscribers'] as const,
  failedMail: (query?: ListQuery) => ['failedMail', 'list', query] as const,
  failedMailAll: ['failedMail'] as const,
  contacts: (query?: ListQuery) =>
    (query ? ['contacts', 'list', query] : ['contacts', 'list']) as readonly unknown[],
  contactsAll: ['contacts'] as const,
  contact: (id: string) => ['contacts', 'single', id] as const,
  allCertificates: (query?: ListQuery) => ['certificates', 'all', query] as const,
  myCertificates: ['certificates', 'mine'] as const,
  certificateFile: (id: string) => ['certificates', 'file', id] as const,
  myEnrolments: ['enrolments', 'mine'] as const,
  profile: ['user', 'profile'] as const,
};

/** What a create or delete answers: a sentence, and sometimes the record. */
export interface MessageResponse<T = unknown> {
  message?: string;
  data?: T;
}
