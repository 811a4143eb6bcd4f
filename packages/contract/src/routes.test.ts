import { describe, expect, it } from 'vitest';
import type { EndpointSpec } from './endpoint';
import * as contract from './index';
import { routeOf } from './route';
import * as routes from './routes';

describe('routes.ts (written by `npm run routes -w packages/contract`)', () => {
  it("holds an endpoint's method, path and reply kind, and no schema", () => {
    expect(routes.courseApi.listFree).toEqual({
      operationId: 'listFreeCourses',
      method: 'GET',
      path: '/api/course/free',
      reply: { kind: 'list' },
    });
    expect(routes.certificateApi.download.reply).toEqual({
      kind: 'file',
      contentType: 'application/pdf',
    });
    expect(JSON.stringify(routes)).not.toMatch(/"(schema|item|params|query|body)"/);
  });

  it('has the route of every endpoint of the contract, as it is now', () => {
    const groups = Object.entries(contract).filter(([name]) => name.endsWith('Api'));
    expect(Object.keys(routes).sort()).toEqual(groups.map(([name]) => name).sort());
    for (const [name, group] of groups) {
      const written = routes[name as keyof typeof routes] as Record<string, unknown>;
      const endpoints = group as Record<string, EndpointSpec>;
      expect(Object.keys(written), name).toEqual(Object.keys(endpoints));
      for (const [key, endpoint] of Object.entries(endpoints)) {
        expect(written[key], `${name}.${key}`).toEqual(routeOf(endpoint));
      }
    }
  });
});
