import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test/server';
import type { TestServer } from './test/server';

/**
 * The server's sentences in the reader's language (decisions.md §8; issue 16): the language of
 * the request's Accept-Language (the web app sends its own), else English. The expected texts
 * are the catalogues' (packages/contract/src/locales), written out here.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const unknownCourse = (language?: string) =>
  server.request('GET', `/api/course/single/${randomUUID()}`, {
    headers: language ? { 'accept-language': language } : {},
  });

describe('the language of the server’s sentences', () => {
  it('follows Accept-Language; the error code does not change', async () => {
    const answers = await Promise.all([
      unknownCourse(),
      unknownCourse('fr-RW,fr;q=0.9,en;q=0.8'),
      unknownCourse('rw'),
      unknownCourse('sw-KE'),
      unknownCourse('de-DE, en;q=0.5'),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.code, answer.body.error])).toEqual([
      [404, 'COURSE_NOT_FOUND', 'Course Not Found'],
      [404, 'COURSE_NOT_FOUND', 'Cours introuvable'],
      [404, 'COURSE_NOT_FOUND', 'Isomo ntiryabonetse'],
      [404, 'COURSE_NOT_FOUND', 'Kozi haijapatikana'],
      [404, 'COURSE_NOT_FOUND', 'Course Not Found'],
    ]);
  });

  it('translates validation sentences fixed in the contract’s schemas, field by field', async () => {
    const answer = await server.request('POST', '/api/auth/signin', {
      body: { email: 'not an address', password: 'x' },
      headers: { 'accept-language': 'fr' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({
      email: 'Veuillez saisir une adresse e-mail valide.',
    });
    expect(answer.body.error).toBe('Veuillez saisir une adresse e-mail valide.');
  });

  it('says its success messages in that language too (a sign-up in Kinyarwanda)', async () => {
    const answer = await server.request('POST', '/api/auth/signup', {
      body: {
        firstName: 'Uwase',
        lastName: 'Keza',
        email: `uwase-${Date.now()}@example.com`,
        password: 'correct-horse-battery',
      },
      headers: { 'accept-language': 'rw' },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.message).toBe('Konti yafunguwe neza. Noneho injira.');
  });

  it('says the web framework’s own refusals in it (a body that is not JSON, in French)', async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Le corps de la requête n’est pas du JSON valide.',
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      requestId: expect.any(String),
    });
  });

  it('keeps requests apart: two readers at once each get their own language', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => unknownCourse(index % 2 ? 'sw' : 'fr')),
    );
    expect(new Set(answers.map((a, index) => `${index % 2}:${a.body.error}`))).toEqual(
      new Set(['0:Cours introuvable', '1:Kozi haijapatikana']),
    );
  });
});
