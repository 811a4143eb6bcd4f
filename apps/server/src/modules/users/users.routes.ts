import { userApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { confirmEmailChange } from './email-change.service';
import { editUser, userHistory } from './user-edit.service';
import { deleteUser, getProfile, listUsers, setOwnLanguage, updateUser } from './users.service';

export default async function userRoutes(app: FastifyInstance) {
  route(app, userApi.profile, async (request) => getProfile(app.ctx, request.actor), {
    keptPerUser: true,
  });
  route(app, userApi.update, async (request) =>
    updateUser(app.ctx, request.actor, request.params.id, request.body),
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
