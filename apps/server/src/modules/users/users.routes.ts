import { normalizeEmail, userApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../../lib/rate-limit';
import { route } from '../../lib/route';
import { confirmEmailChange } from './email-change.service';
import { editUser, userHistory } from './user-edit.service';
import { deleteUser, getProfile, listUsers, setOwnLanguage, updateUser } from './users.service';

export default async function userRoutes(app: FastifyInstance) {
  route(app, userApi.profile, async (request) => getProfile(app.ctx, request.actor), {
    keptPerUser: true,
  });
  // E-mail changes (issue 29, point 5): per account (the one whose e-mail changes) and per new
  // address, in the shared rate-limit store; checked by the service only when the e-mail changes.
  const emailChangeLimit = rateLimited(app, 'emailChange', {
    subject: (request) => (request.params as { id: string }).id,
  });
  const emailTargetLimit = rateLimited(app, 'emailChangeTarget', {
    subject: (request) => normalizeEmail((request.body as { email: string }).email),
  });
  route(app, userApi.update, async (request, reply) =>
    updateUser(app.ctx, request.actor, request.params.id, request.body, {
      attempt: async () => {
        await emailChangeLimit.call(app, request, reply);
      },
      mail: async () => {
        await emailTargetLimit.call(app, request, reply);
      },
    }),
  );
  route(app, userApi.setLanguage, async (request) =>
    setOwnLanguage(app.ctx, request.actor, request.body),
  );
  route(app, userApi.confirmEmail, async (request) =>
    confirmEmailChange(app.ctx, request.params.token),
  );
  route(app, userApi.list, async (request) => listUsers(app.ctx, request.actor, request.query));
  route(app, userApi.edit, async (request) =>
    editUser(app.ctx, request.actor, request.params.id, request.body),
  );
  route(app, userApi.history, async (request) =>
    userHistory(app.ctx, request.actor, request.params.id, request.query),
  );
  route(app, userApi.delete, async (request) =>
    deleteUser(app.ctx, request.actor, request.params.id),
  );
}
