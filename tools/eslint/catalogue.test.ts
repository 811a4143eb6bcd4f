import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue.js';

/** The catalogue rules, on small pieces of code written the way the apps write them. */
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
  },
  ...catalogue(),
];
const rulesFired = (code: string, filename: string) =>
  linter.verify(code, config, { filename }).map((message) => message.ruleId);

const page = 'apps/web/src/features/x/pages/x-page.tsx';
const service = 'apps/server/src/modules/x/x.service.ts';

describe('no-literal-jsx-text', () => {
  it('refuses text between tags', () => {
    expect(rulesFired('const A = () => <h1>Premium Courses</h1>;', page)).toEqual([
      'catalogue/no-literal-jsx-text',
    ]);
  });

  it('refuses a literal aria-label, title, alt or placeholder', () => {
    for (const attribute of ['aria-label', 'title', 'alt', 'placeholder']) {
      expect(rulesFired(`const A = () => <input ${attribute}="Your e-mail" />;`, page)).toEqual([
        'catalogue/no-literal-jsx-text',
      ]);
    }
    expect(rulesFired('const A = (p) => <a aria-label={`Delete ${p.title}`} />;', page)).toEqual([
      'catalogue/no-literal-jsx-text',
    ]);
    expect(
      rulesFired("const A = (p) => <p>{p.open ? 'Close menu' : messages.openMenu}</p>;", page),
    ).toEqual(['catalogue/no-literal-jsx-text']);
  });

  it('refuses a shown name in a table header, a menu or a form choice', () => {
    const list = 'apps/web/src/features/x/columns.ts';
    expect(rulesFired("const columns = [{ header: 'Date added' }];", list)).toEqual([
      'catalogue/no-literal-jsx-text',
    ]);
    expect(rulesFired("const menu = [{ label: 'Home', to: '/' }];", list)).toEqual([
      'catalogue/no-literal-jsx-text',
    ]);
    // A field's or a route's name is not shown.
    expect(rulesFired("const field = { name: 'email', to: '/dashboard' };", list)).toEqual([]);
  });

  it('refuses a literal page title or toast', () => {
    expect(rulesFired("const A = () => <title>{pageTitle('Blog')}</title>;", page)).toEqual([
      'catalogue/no-literal-jsx-text',
    ]);
    expect(rulesFired("toast.success('Saved it all');", page)).toEqual([
      'catalogue/no-literal-jsx-text',
    ]);
  });

  it('accepts the catalogue, symbols, numbers and the brand', () => {
    const code = [
      "import { messages } from '@ishuri/contract';",
      'const A = (p) => (',
      '  <p aria-label={messages.close} className="text-sm">',
      '    {messages.noBlogs} · {p.count} / 10 Ishuri',
      '  </p>',
      ');',
    ].join('\n');
    expect(rulesFired(code, page)).toEqual([]);
  });
});

describe('no-literal-reply', () => {
  it('refuses the sentence of an error or a reply', () => {
    expect(
      rulesFired("throw fail('BAD_REQUEST', { message: 'Please fill in every field.' });", service),
    ).toEqual(['catalogue/no-literal-reply']);
    expect(rulesFired("const lines = ['Thank you for subscribing to us.'];", service)).toEqual([
      'catalogue/no-literal-reply',
    ]);
  });

  it('accepts the catalogue, logs, thrown errors and codes', () => {
    const code = [
      'function handle(ctx, err) {',
      "  throw fail('BAD_REQUEST', { message: messages.badRequest });",
      "  ctx.log.warn({ err }, 'could not delete a stored file');",
      "  throw new Error('the database is not reachable now');",
      '}',
      "const type = 'application/x-www-form-urlencoded';",
    ].join('\n');
    expect(rulesFired(code, service)).toEqual([]);
  });
});

describe('no-top-level-sentence', () => {
  const rule = 'catalogue/no-top-level-sentence';

  it('refuses a sentence read when the module loads, on the web and on the server', () => {
    expect(rulesFired("const links = [{ to: '/login', label: messages.login }];", page)).toEqual([
      rule,
    ]);
    expect(
      rulesFired('const errors = { FST_ERR: messages.invalidJson };\nexport { errors };', service),
    ).toEqual([rule]);
    expect(rulesFired('export const intro = helpMessages.intro;', page)).toEqual([rule]);
  });

  it('allows a sentence read in a function or a getter', () => {
    expect(
      rulesFired(
        "const links = [{ to: '/login', get label() { return messages.login; } }];\n" +
          'const title = () => messages.login;\n' +
          'function Page() { return messages.login; }\nexport { links, title, Page };',
        page,
      ),
    ).toEqual([]);
  });

  it('leaves the prerender, which assigns each language itself', () => {
    expect(
      rulesFired('const title = messages.login;', 'apps/web/src/prerender/render.tsx'),
    ).toEqual([]);
  });
});
