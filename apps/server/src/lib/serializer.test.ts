import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer';

const user = z.object({
  id: z.string(),
  email: z.string(),
  joined: z.iso.datetime(),
  phone: z.string().nullable(),
  nickname: z.string().optional(),
});

async function answer(value: unknown) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(serializerCompiler);
  app.get('/', { schema: { response: { 200: z.object({ data: user }) } } }, async () => value);
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response;
}

describe('answers written from their contract schema', () => {
  it('carry the declared fields only', async () => {
    const response = await answer({
      data: {
        id: 'u1',
        email: 'keza@example.rw',
        joined: '2026-01-02T03:04:05.000Z',
        phone: null,
        passwordHash: 'never sent',
      },
      debug: true,
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      data: {
        id: 'u1',
        email: 'keza@example.rw',
        joined: '2026-01-02T03:04:05.000Z',
        phone: null,
      },
    });
    expect(response.body).not.toContain('passwordHash');
  });

  it('fail when a required field is missing', async () => {
    const response = await answer({ data: { id: 'u1', joined: '2026-01-02T03:04:05.000Z' } });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('u1');
  });
});
