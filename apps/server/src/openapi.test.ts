import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './test/factories';
import type { TestUser } from './test/factories';
import { createCourseWithItems, enrol } from './test/learning-factories';
import { startTestServer } from './test/server';
import type { TestServer } from './test/server';

/**
 * The OpenAPI document is generated from the contract and is true: a third party lints it with
 * Spectral's OpenAPI rules, generates a typed client with openapi-typescript, type-checks code
 * written against it and downloads a certificate PDF with it.
 */

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

let server: TestServer;
let doc: any;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  const answer = await server.request('GET', '/api/docs/json');
  expect(answer.status).toBe(200);
  doc = answer.body;
  // Inside the repository, so the generated client resolves openapi-fetch like any module.
  dir = await mkdtemp(path.join(root, 'apps/server/.openapi-check-'));
  await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(doc));
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })),
  );

describe('the OpenAPI document', () => {
  it('names the server and gives every operation a unique operationId', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: expect.stringMatching(/^http/) }]);
    const ids = operations().map(({ key, op }) => [key, op.operationId]);
    expect(ids.filter(([, id]) => !id)).toEqual([]);
    expect(new Set(ids.map(([, id]) => id)).size).toBe(ids.length);
  });

  it('says the certificate download answers a PDF', () => {
    const ok = doc.paths['/api/certificate/download/{id}'].get.responses['200'];
    expect(Object.keys(ok.content)).toEqual(['application/pdf']);
    expect(ok.content['application/pdf'].schema).toEqual({ type: 'string', format: 'binary' });
  });

  it.each([
    ['/api/course/create', 'imageUrl', ['title', 'description']],
    ['/api/blog/create', 'imageUrl', ['title', 'content']],
    ['/api/lesson/create/{courseId}', 'videoUrl', ['title', 'contentType', 'content']],
    ['/api/sublesson/create/{lessonId}', 'videoUrl', ['title', 'contentType', 'content']],
  ])('describes the multipart body of %s', (route, file, fields) => {
    const body = doc.paths[route].post.requestBody.content;
    expect(Object.keys(body)).toEqual(['multipart/form-data']);
    const schema = body['multipart/form-data'].schema;
    expect(schema.properties[file]).toMatchObject({ type: 'string', format: 'binary' });
    for (const field of fields) expect(schema.properties).toHaveProperty(field);
  });

  it('describes the captions upload: a WebVTT file in `captions`, and what it refuses', () => {
    const put = doc.paths['/api/lesson/captions/{lessonId}/{language}'].put;
    const schema = put.requestBody.content['multipart/form-data'].schema;
    expect(schema.properties.captions).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.required).toEqual(['captions']);
    expect(put.responses['409'].description).toContain('CAPTIONS_NEED_VIDEO');
    expect(put.responses['413'].description).toContain('CAPTIONS_TOO_LARGE');
    expect(put.responses['415'].description).toContain('CAPTIONS_NOT_WEBVTT');
    const sub = doc.paths['/api/sublesson/captions/{subLessonId}/{language}'];
    expect(Object.keys(sub).sort()).toEqual(['delete', 'put']);
  });

  it('lists the error codes of each error status', () => {
    const notFound = doc.paths['/api/blog/single/{id}'].get.responses['404'];
    expect(notFound.description).toContain('BLOG_NOT_FOUND');
    const denied = doc.paths['/api/blog/create'].post.responses['403'];
    expect(denied.description).toContain('FORBIDDEN');
  });

  it("passes Spectral's OpenAPI rules with no error", async () => {
    const { stdout } = await run(
      bin('spectral'),
      [
        'lint',
        path.join(dir, 'openapi.json'),
        '--ruleset',
        path.join(root, '.spectral.yaml'),
        '--format',
        'json',
        '--fail-severity',
        'error',
        '--quiet',
      ],
      { cwd: root, maxBuffer: 32 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '[]' }));
    const results = JSON.parse(stdout || '[]') as {
      severity: number;
      code: string;
      path: string[];
    }[];
    const errors = results
      .filter((result) => result.severity === 0)
      .map((result) => `${result.code} at ${result.path.join('.')}`);
    expect(errors).toEqual([]);
  }, 120_000);

  describe('a client generated by openapi-typescript', () => {
    let learner: TestUser;
    let certificateId: string;

    beforeAll(async () => {
      learner = await createUser(server);
      const course = await createCourseWithItems(server, [1], { courseType: 'premium' });
      await enrol(server, learner.id, course.id);
      let last: any;
      for (const lessonId of course.items) {
        last = await server.request('POST', '/api/progress/upsert', {
          token: learner.token,
          body: { courseId: course.id, lessonId, progress: 100 },
        });
      }
      certificateId = last.body.data.certificateId;
      expect(certificateId).toEqual(expect.any(String));
      await run(bin('openapi-typescript'), [
        path.join(dir, 'openapi.json'),
        '--output',
        path.join(dir, 'schema.d.ts'),
      ]);
      await writeFile(
        path.join(dir, 'client.ts'),
        [
          "import createClient from 'openapi-fetch';",
          "import type { paths } from './schema';",
          '',
          '// The download is described as a PDF: this line does not compile otherwise.',
          "type Pdf = paths['/api/certificate/download/{id}']['get']['responses'][200]['content']['application/pdf'];",
          'export const pdfIsBinary: Pdf extends string ? true : false = true;',
          '',
          'export async function downloadCertificate(baseUrl: string, token: string, id: string) {',
          '  const client = createClient<paths>({ baseUrl });',
          "  const { data, response } = await client.GET('/api/certificate/download/{id}', {",
          '    params: { path: { id } },',
          '    headers: { authorization: `Bearer ${token}` },',
          "    parseAs: 'arrayBuffer',",
          '  });',
          "  return { bytes: data, type: response.headers.get('content-type') };",
          '}',
          '',
          'export async function blogTitles(baseUrl: string): Promise<string[]> {',
          '  const client = createClient<paths>({ baseUrl });',
          "  const { data } = await client.GET('/api/blog/all', { params: { query: { page: 1 } } });",
          '  return (data?.data ?? []).map((blog) => blog.title);',
          '}',
          '',
        ].join('\n'),
      );
    }, 180_000);

    it('type-checks code written against it', async () => {
      const result = await run(
        bin('tsc'),
        [
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--target',
          'es2022',
          '--module',
          'esnext',
          '--moduleResolution',
          'bundler',
          '--lib',
          'es2022,dom',
          path.join(dir, 'client.ts'),
        ],
        { cwd: root },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? 'failed' }));
      expect(result.stdout).toBe('');
    }, 120_000);

    it('downloads a certificate PDF', async () => {
      const client = (await import(pathToFileURL(path.join(dir, 'client.ts')).href)) as {
        downloadCertificate(
          baseUrl: string,
          token: string,
          id: string,
        ): Promise<{ bytes: ArrayBuffer; type: string }>;
      };
      const { bytes, type } = await client.downloadCertificate(
        server.baseUrl,
        learner.token,
        certificateId,
      );
      expect(type).toBe('application/pdf');
      expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
});
