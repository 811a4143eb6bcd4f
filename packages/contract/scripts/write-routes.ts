/**
 * Writes src/routes.ts, the endpoints' routes without their schemas (src/route.ts):
 *   npm run routes -w packages/contract
 * src/routes.test.ts fails when the file no longer holds every endpoint's route as it is.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '../src/index';
import type { EndpointSpec } from '../src/endpoint';
import { routeOf } from '../src/route';

const isEndpoint = (value: unknown): value is EndpointSpec =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'reply' in value;

/** The text of src/routes.ts: every `…Api` group of the contract, as routes. */
async function renderRoutes(): Promise<string> {
  const groups = Object.entries(contract)
    .filter(([name]) => name.endsWith('Api'))
    .sort(([a], [b]) => a.localeCompare(b));
  const lines = [
    '// Written by `npm run routes -w packages/contract` (scripts/write-routes.ts) from the',
    '// endpoints; routes.test.ts checks it. The routes carry no schema: see route.ts.',
    "import type * as api from './index';",
    "import type { RoutesOf } from './route';",
    '',
  ];
  for (const [name, group] of groups) {
    lines.push(`export const ${name}: RoutesOf<typeof api.${name}> = {`);
    for (const [key, endpoint] of Object.entries(group as Record<string, unknown>)) {
      if (!isEndpoint(endpoint)) throw new Error(`${name}.${key} is not an endpoint`);
      lines.push(`  ${key}: ${JSON.stringify(routeOf(endpoint))},`);
    }
    lines.push('};', '');
  }
  const prettier = await import('prettier');
  return prettier.format(lines.join('\n'), {
    ...(await prettier.resolveConfig(import.meta.url)),
    parser: 'typescript',
  });
}

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/routes.ts');
writeFileSync(target, await renderRoutes());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
