import { certificateApi } from '@ishuri/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import {
  countCertificates,
  listAllCertificates,
  listOwnCertificates,
  openCertificateImage,
  openCertificatePdf,
  verifyCertificate,
} from './certificates.service';

export default async function certificateRoutes(app: FastifyInstance) {
  route(app, certificateApi.listAll, async (request) =>
    listAllCertificates(app.ctx, request.actor, request.query),
  );
  route(app, certificateApi.mine, async (request) =>
    listOwnCertificates(app.ctx, request.actor, request.query),
  );
  route(app, certificateApi.countAll, async (request) =>
    countCertificates(app.ctx, request.actor, false),
  );
  route(app, certificateApi.countMine, async (request) =>
    countCertificates(app.ctx, request.actor, true),
  );
  route(app, certificateApi.download, async (request) =>
    openCertificatePdf(app.ctx, request.actor, request.params.id),
  );
  route(app, certificateApi.image, async (request) =>
    openCertificateImage(app.ctx, request.actor, request.params.id),
  );
  route(app, certificateApi.verify, async (request) =>
    verifyCertificate(app.ctx, request.params.code),
  );
}
