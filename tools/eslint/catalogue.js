/**
 * Every sentence a user sees comes from the message catalogue (`messages` in the contract), so
 * that a language is one more file. These rules refuse the ways a sentence slips in as a
 * literal: text between JSX tags, a user-facing JSX attribute (aria-label, title, alt,
 * placeholder, label), and, on the server, the sentence of an error or a reply.
 */

/** A literal that reads as words (a letter), not a symbol, a number or a class name. */
const hasWords = (text) => /\p{L}{2,}/u.test(text);

/** Names that are the same in every language. */
const allowed = new Set(['Ishuri', 'Instagram', 'LinkedIn', 'WhatsApp']);

const wordy = (text) =>
  hasWords(text.replace(/\p{L}+/gu, (word) => (allowed.has(word) ? '' : word)));

const userFacingAttributes = new Set(['aria-label', 'title', 'alt', 'placeholder', 'label']);

/** Object properties that screens show: table headers, menu labels, plan names, toasts. */
const userFacingProperties = new Set([
  'header',
  'label',
  'title',
  'name',
  'heading',
  'description',
  'intro',
  'emptyMessage',
  'success',
  'failure',
]);
/** A shown name starts with a capital or has several words ('email' is a field's name). */
const shownText = (text) =>
  wordy(text) && (/^\s*\p{Lu}/u.test(text) || /\p{L}\s+\p{L}/u.test(text));

const staticText = (node) => {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked).join(' ');
  if (node.type === 'JSXExpressionContainer') return staticText(node.expression);
  // `a ? 'Edit profile' : 'Profile'`, `x ?? 'Untitled'`: the literal branches count.
  if (node.type === 'ConditionalExpression' || node.type === 'LogicalExpression') {
    const branches =
      node.type === 'ConditionalExpression'
        ? [node.consequent, node.alternate]
        : [node.left, node.right];
    const texts = branches.map(staticText).filter((text) => text !== null);
    return texts.length ? texts.join(' ') : null;
  }
  return null;
};

const noLiteralJsxText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible JSX text comes from the message catalogue' },
    schema: [],
    messages: {
      text: 'Visible text "{{text}}" is a literal: take it from the catalogue (messages.…).',
    },
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (wordy(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return;
        const text = staticText(node.expression);
        if (text !== null && wordy(text)) report(node, text);
      },
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !userFacingAttributes.has(node.name.name)) return;
        const text = staticText(node.value);
        if (text !== null && wordy(text)) report(node, text);
      },
      // pageTitle('Blog'), toast.success('Saved'): a screen's title and its toasts.
      CallExpression(node) {
        const callee = node.callee;
        const shown =
          (callee.type === 'Identifier' && callee.name === 'pageTitle') ||
          (callee.type === 'MemberExpression' &&
            callee.object.type === 'Identifier' &&
            callee.object.name === 'toast');
        if (!shown) return;
        for (const argument of node.arguments) {
          const text = staticText(argument);
          if (text !== null && wordy(text)) report(argument, text);
        }
      },
      Property(node) {
        if (node.key.type !== 'Identifier' || !userFacingProperties.has(node.key.name)) return;
        const text = staticText(node.value);
        if (text !== null && shownText(text)) report(node.value, text);
      },
    };
  },
};

/** Three words or more: a sentence or a phrase someone reads. */
const sentence = (text) => /\p{L}+[,.:;!?’']*\s+\p{L}+[,.:;!?’']*\s+\p{L}+/u.test(text);

/** Where a phrase is for developers, not users: logs, thrown errors, API docs, SQL. */
const logMethods = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);
// `help`: a Prometheus metric's description (GET /metrics), read by operators.
const docKeys = new Set(['summary', 'description', 'consoleHint', 'help']);
function forDevelopers(node) {
  if (node.parent?.type === 'ImportDeclaration') return true;
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === 'CallExpression' || at.type === 'NewExpression') {
      const callee = at.callee;
      if (callee.type === 'Identifier' && /Error$/.test(callee.name)) return true;
      if (callee.type === 'Super') return true;
      if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') {
        if (logMethods.has(callee.property.name)) return true;
      }
    }
    if (at.type === 'TaggedTemplateExpression') return true;
    if (
      at.type === 'VariableDeclarator' &&
      at.id.type === 'Identifier' &&
      docKeys.has(at.id.name)
    ) {
      return true;
    }
    if (at.type === 'Property' && at.key.type === 'Identifier' && docKeys.has(at.key.name)) {
      return true;
    }
  }
  return false;
}

const noLiteralReply = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Sentences the server sends (replies, mails, PDFs) come from the catalogue',
    },
    schema: [],
    messages: {
      text: 'The sentence "{{text}}" is a literal: take it from the catalogue (messages.…).',
    },
  },
  create(context) {
    const check = (node, text) => {
      if (!sentence(text) || forDevelopers(node)) return;
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? '');
      },
    };
  },
};

const catalogueNames = new Set(['messages', 'helpMessages']);
const functionTypes = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
]);

/**
 * A catalogue's sentences are those of the reader's language only once it is chosen: the web
 * app replaces them in place after its modules were first evaluated, and the server answers each
 * request in its own language. A sentence read when a module is evaluated (a list of links, a
 * table of error sentences written at its top level) would stay English: read it inside a
 * function, or through a getter.
 */
const noTopLevelSentence = {
  meta: {
    type: 'problem',
    docs: { description: 'Catalogue sentences are read when used, not when a module loads' },
    schema: [],
    messages: {
      read: '{{name}} is read when the module loads, before the language is chosen: read it inside a function or a getter.',
    },
  },
  create(context) {
    return {
      MemberExpression(node) {
        if (node.object.type !== 'Identifier' || !catalogueNames.has(node.object.name)) return;
        for (let up = node.parent; up; up = up.parent) {
          if (functionTypes.has(up.type)) return;
        }
        context.report({
          node,
          messageId: 'read',
          data: { name: context.sourceCode.getText(node) },
        });
      },
    };
  },
};

/** The flat-config blocks that turn the rules on (tests are exempt). */
export function catalogue() {
  const plugin = {
    rules: {
      'no-literal-jsx-text': noLiteralJsxText,
      'no-literal-reply': noLiteralReply,
      'no-top-level-sentence': noTopLevelSentence,
    },
  };
  const tests = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**'];
  return [
    {
      files: ['apps/web/src/**/*.{ts,tsx}'],
      ignores: tests,
      plugins: { catalogue: plugin },
      rules: { 'catalogue/no-literal-jsx-text': 'error' },
    },
    {
      files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
      // The prerender assigns each language itself before it renders.
      ignores: [...tests, 'apps/web/src/prerender/**'],
      plugins: { catalogue: plugin },
      rules: { 'catalogue/no-top-level-sentence': 'error' },
    },
    {
      files: ['apps/server/src/**/*.ts'],
      // The demo catalogue is sample content; start-up, seeding, configuration and logs speak to
      // the operator, not to users.
      ignores: [
        ...tests,
        'apps/server/src/demo/**',
        'apps/server/src/{config,main,seed,startup,first-admin}.ts',
        'apps/server/src/lib/log.ts',
      ],
      plugins: { catalogue: plugin },
      rules: { 'catalogue/no-literal-reply': 'error' },
    },
  ];
}
