import path from 'node:path';

/**
 * One style of file names: kebab-case words, then at most a few role suffixes after dots from a
 * fixed list (`courses.service.ts`, `contact.mail.ts`, `role-matrix.test.ts`). In a server module
 * a role written with a hyphen (`certificate-mail.ts`) is refused, so one idea has one spelling.
 */
export const roles = [
  'routes',
  'service',
  'presenter',
  'access',
  'mail',
  'jobs',
  'test',
  'spec',
  'config',
  'd',
];
const kebab = '[a-z0-9]+(?:-[a-z0-9]+)*';
const shape = new RegExp(`^${kebab}(?:\\.(?:${roles.join('|')}))*\\.(?:ts|tsx|js|mjs)$`);
const hyphenRole = new RegExp(`-(?:${roles.filter((r) => r !== 'd').join('|')})\\.`);

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names: kebab-case, roles as dotted suffixes from a fixed list' },
    schema: [],
    messages: {
      shape: 'File name "{{name}}": use kebab-case, with a role as a dotted suffix ({{roles}}).',
      hyphenRole: 'File name "{{name}}": write its role after a dot (e.g. "x.mail.ts").',
    },
  },
  create(context) {
    const name = path.basename(context.filename);
    // Roles are suffixes of a server module's files; elsewhere "failed-mail" is a name.
    const modules = /[\\/]apps[\\/]server[\\/]src[\\/]modules[\\/]/.test(context.filename);
    return {
      Program(node) {
        if (!shape.test(name)) {
          context.report({ node, messageId: 'shape', data: { name, roles: roles.join(', ') } });
        } else if (modules && hyphenRole.test(name)) {
          context.report({ node, messageId: 'hyphenRole', data: { name } });
        }
      },
    };
  },
};
