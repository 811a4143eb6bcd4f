// Writes src/locales/en.json: the English catalogue (packages/contract/src/messages.ts) as ICU
// MessageFormat, one entry per key, the form each translation follows (src/locales/<lang>.json);
// and src/locales/parameters.json, the names of each message function's parameters in order.
// A sentence made by a function becomes its text with the function's parameters as `{name}`
// placeholders; the few that choose words by a number are written as ICU plurals (catalogue.ts).
// Run: npm run catalogue -w packages/contract (a test checks that both are up to date).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueOf, parametersOf } from '../src/catalogue';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');
const files = {
  'en.json': catalogueOf(),
  'parameters.json': parametersOf(),
};
for (const [file, value] of Object.entries(files)) {
  writeFileSync(path.join(locales, file), `${JSON.stringify(value, null, 2)}\n`);
}
// As the repository's Prettier writes them, so that `npm run format` stays clean.
execFileSync('npx', [
  'prettier',
  '--write',
  ...Object.keys(files).map((f) => path.join(locales, f)),
]);
console.log(`wrote ${Object.keys(files).join(' and ')} in ${locales}`);
