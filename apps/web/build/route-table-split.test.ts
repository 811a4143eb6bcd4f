import { describe, expect, it } from 'vitest';
import { tableExports } from './route-table-split';

describe('tableExports', () => {
  it('cuts the route table into one module per export, each object as written, without its type', () => {
    const table = tableExports(`import type * as api from './index';
import type { RoutesOf } from './route';

export const authApi: RoutesOf<typeof api.authApi> = {
  signIn: { operationId: 'signIn', method: 'POST', path: '/api/auth/signin', reply: { kind: 'plain' } },
};

export const blogApi: RoutesOf<typeof api.blogApi> = {
  list: { operationId: 'listBlogs', method: 'GET', path: '/api/blog/all', reply: { kind: 'list' } },
};
`);
    expect([...table.keys()]).toEqual(['authApi', 'blogApi']);
    expect(table.get('blogApi')).toBe(
      `export const blogApi = {
  list: { operationId: 'listBlogs', method: 'GET', path: '/api/blog/all', reply: { kind: 'list' } },
};\n`,
    );
    expect(table.get('authApi')).not.toContain('blogApi');
  });
});
