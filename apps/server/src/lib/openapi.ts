import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponses } from './route';

/**
 * The OpenAPI document is generated from the contract's endpoints. Fastify's zod transform
 * writes params, query, JSON bodies and JSON answers; this adds what a route's schema cannot
 * carry: the multipart bodies of uploads (checked by the service while streaming) with their
 * files as binary, a file answer's media type (the certificate PDF), and, for each error
 * status, the codes it may carry.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const endpoint = input.route.config?.endpoint;
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  if (!endpoint) return transformed;
  const schema = transformed.schema as Record<string, unknown> & {
    response?: Record<string, unknown>;
  };
  if (endpoint.multipart) {
    const fields = z.toJSONSchema(endpoint.multipart.fields, {
      io: 'input',
      unrepresentable: 'any',
    }) as { properties?: Record<string, unknown>; required?: string[] };
    const properties: Record<string, unknown> = { ...(fields.properties ?? {}) };
    const required = [...(fields.required ?? [])];
    for (const file of endpoint.multipart.files) {
      properties[file.field] = {
        type: 'string',
        format: 'binary',
        description:
          file.kind === 'image'
            ? 'PNG, JPEG, GIF or WebP'
            : file.kind === 'captions'
              ? 'a WebVTT file (text/vtt)'
              : file.kind === 'resource'
                ? 'PDF, pptx/odp, xlsx/ods/csv, docx/odt, PNG/JPEG/WebP, MP3/M4A/Ogg'
                : 'a video file',
      };
      if (file.required) required.push(file.field);
    }
    schema.consumes = ['multipart/form-data'];
    schema.body = { type: 'object', properties, ...(required.length ? { required } : {}) };
  }
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  if (endpoint.reply.kind === 'file') {
    response[String(endpoint.status ?? 200)] = {
      description: endpoint.summary,
      content: {
        [endpoint.reply.contentType]: { schema: { type: 'string', format: 'binary' } },
      },
    };
  }
  for (const [status, codes] of errorResponses(endpoint)) {
    const body = response[String(status)];
    if (body && typeof body === 'object') {
      response[String(status)] = { ...body, description: `Error codes: ${codes.join(', ')}` };
    }
  }
  schema.response = response;
  return transformed;
};

/** The document's tags, one per resource, each described. */
export const openApiTags = [
  { name: 'health', description: 'Whether the server is up (liveness) and ready for traffic' },
  { name: 'auth', description: 'Signing up, signing in with an e-mailed code, passwords' },
  { name: 'users', description: 'Profiles and the admin’s user list' },
  { name: 'courses', description: 'Free and premium courses' },
  { name: 'lessons', description: 'Lessons and sub-lessons of a course, in order' },
  { name: 'enrolments', description: 'Who is enrolled in which course' },
  { name: 'progress', description: 'A learner’s place in a course' },
  { name: 'certificates', description: 'Certificates of completion and their verification' },
  { name: 'blogs', description: 'Blog posts' },
  { name: 'contact', description: 'Messages sent through the contact form' },
  { name: 'subscribers', description: 'The newsletter’s subscribers' },
  { name: 'mail', description: 'Mail the server could not send' },
  { name: 'system', description: 'The running platform: jobs, storage, database, Redis' },
  { name: 'resources', description: 'Files attached to a course or a lesson, basic or advanced' },
  { name: 'support', description: 'Support requests and the admins’ queue (Premium first)' },
  { name: 'webinars', description: 'Live sessions: join links, calendar files, reminders' },
];

/** The OpenAPI document at /api/docs/json and its reader at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ishuri API',
        description: 'Courses, lessons, progress and certificates.',
        version: '1.0.0',
        contact: { name: 'Ishuri', url: appUrl },
      },
      servers: [{ url: appUrl }],
      tags: openApiTags,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
