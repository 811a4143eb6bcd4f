import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local servers that follow the payment providers' published APIs, for tests: the server under
 * test talks to them over real HTTP, as it would to the provider.
 */

async function readJson(request: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}

function send(response: ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface MomoRequestToPay {
  referenceId: string;
  headers: Record<string, string | string[] | undefined>;
  body: {
    amount: string;
    currency: string;
    externalId: string;
    payer: { partyIdType: string; partyId: string };
    payerMessage: string;
    payeeNote: string;
  };
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
}

export const MOMO_CREDENTIALS = {
  subscriptionKey: 'sub-key-0123456789',
  apiUser: '0b2f1c3e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
  apiKey: 'api-key-abcdef',
  targetEnvironment: 'sandbox',
  currency: 'RWF',
};

/**
 * MTN MoMo developer portal, Collection API v1_0 (https://momodeveloper.mtn.com/api-documentation,
 * "Collection": CreateAccessToken `POST /collection/token/`, RequesttoPay
 * `POST /collection/v1_0/requesttopay`, RequesttoPayTransactionStatus
 * `GET /collection/v1_0/requesttopay/{referenceId}`). Requests to pay start PENDING; a test
 * says when one becomes SUCCESSFUL or FAILED.
 */
export async function startMomo() {
  const requests = new Map<string, MomoRequestToPay>();
  const issued = new Set<string>();
  let tokenCount = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://momo');
      if (request.headers['ocp-apim-subscription-key'] !== MOMO_CREDENTIALS.subscriptionKey) {
        return send(response, 401, {
          statusCode: 401,
          message: 'Access denied due to invalid subscription key.',
        });
      }
      if (request.method === 'POST' && url.pathname === '/collection/token/') {
        const basic = Buffer.from(
          `${MOMO_CREDENTIALS.apiUser}:${MOMO_CREDENTIALS.apiKey}`,
        ).toString('base64');
        if (request.headers.authorization !== `Basic ${basic}`) return send(response, 401, {});
        const token = `token-${++tokenCount}`;
        issued.add(token);
        return send(response, 200, {
          access_token: token,
          token_type: 'access_token',
          expires_in: 3600,
        });
      }
      const bearer = request.headers.authorization?.replace(/^Bearer /, '');
      if (!bearer || !issued.has(bearer)) return send(response, 401, {});
      if (request.headers['x-target-environment'] !== MOMO_CREDENTIALS.targetEnvironment) {
        return send(response, 400, { code: 'INVALID_TARGET_ENVIRONMENT' });
      }
      if (request.method === 'POST' && url.pathname === '/collection/v1_0/requesttopay') {
        const referenceId = String(request.headers['x-reference-id'] ?? '');
        const body = await readJson(request);
        if (!/^[0-9a-f-]{36}$/i.test(referenceId))
          return send(response, 400, { code: 'INVALID_REFERENCE_ID' });
        if (requests.has(referenceId))
          return send(response, 409, { code: 'RESOURCE_ALREADY_EXIST' });
        if (typeof body?.amount !== 'string' || body?.payer?.partyIdType !== 'MSISDN') {
          return send(response, 400, { code: 'INVALID_PAYER' });
        }
        requests.set(referenceId, {
          referenceId,
          headers: request.headers,
          body,
          status: 'PENDING',
        });
        return send(response, 202);
      }
      const match = /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && match) {
        const found = requests.get(decodeURIComponent(match[1]!));
        if (!found) return send(response, 404, { code: 'RESOURCE_NOT_FOUND' });
        return send(response, 200, {
          amount: found.body.amount,
          currency: found.body.currency,
          financialTransactionId: found.status === 'SUCCESSFUL' ? '363440463' : undefined,
          externalId: found.body.externalId,
          payer: found.body.payer,
          payerMessage: found.body.payerMessage,
          payeeNote: found.body.payeeNote,
          status: found.status,
          ...(found.status === 'FAILED' ? { reason: 'APPROVAL_REJECTED' } : {}),
        });
      }
      return send(response, 404, {});
    })();
  });
  const url = await listen(server);
  return {
    url,
    requests,
    /** The request to pay of our payment (by its externalId). */
    byPayment(paymentId: string): MomoRequestToPay | undefined {
      return [...requests.values()].find((r) => r.body.externalId === paymentId);
    },
    setStatus(paymentId: string, status: MomoRequestToPay['status']) {
      const found = [...requests.values()].find((r) => r.body.externalId === paymentId);
      if (!found) throw new Error(`no request to pay for ${paymentId}`);
      found.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeMomo = Awaited<ReturnType<typeof startMomo>>;

export const FLUTTERWAVE_CREDENTIALS = {
  secretKey: 'FLWSECK_TEST-0123456789abcdef-X',
  webhookHash: 'a-webhook-hash-of-our-choosing',
};

export interface FlutterwaveCheckout {
  body: {
    tx_ref: string;
    amount: string | number;
    currency: string;
    redirect_url: string;
    customer: { email: string; name?: string };
  };
  /** Set once the payer has paid (or failed) on the hosted page. */
  transaction?: { id: number; status: 'successful' | 'failed'; amount: number; currency: string };
}

/**
 * Flutterwave v3, "Flutterwave Standard" (https://developer.flutterwave.com/docs/collecting-payments/standard,
 * and "Verify transaction" https://developer.flutterwave.com/reference/verify-transaction):
 * `POST /v3/payments` answers `{ status: 'success', data: { link } }`;
 * `GET /v3/transactions/{id}/verify` and `GET /v3/transactions/verify_by_reference?tx_ref=` answer
 * the transaction (`id`, `tx_ref`, `amount`, `currency`, `status`); both need
 * `Authorization: Bearer {secret key}`. A test says what the payer did on the hosted page.
 */
export async function startFlutterwave() {
  const checkouts = new Map<string, FlutterwaveCheckout>();
  let nextId = 4_000_000;
  const transactionOf = (found: FlutterwaveCheckout) => ({
    status: 'success',
    message: 'Transaction fetched successfully',
    data: {
      id: found.transaction!.id,
      tx_ref: found.body.tx_ref,
      flw_ref: `FLW-MOCK-${found.transaction!.id}`,
      amount: found.transaction!.amount,
      currency: found.transaction!.currency,
      charged_amount: found.transaction!.amount,
      status: found.transaction!.status,
      payment_type: 'card',
      customer: { email: found.body.customer.email },
    },
  });
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://flutterwave');
      if (request.headers.authorization !== `Bearer ${FLUTTERWAVE_CREDENTIALS.secretKey}`) {
        return send(response, 401, { status: 'error', message: 'Invalid authorization key' });
      }
      if (request.method === 'POST' && url.pathname === '/v3/payments') {
        const body = await readJson(request);
        if (!body?.tx_ref || !body?.amount || !body?.redirect_url || !body?.customer?.email) {
          return send(response, 400, { status: 'error', message: 'Invalid request', data: null });
        }
        checkouts.set(body.tx_ref, { body });
        return send(response, 200, {
          status: 'success',
          message: 'Hosted Link',
          data: { link: `https://checkout.flutterwave.com/v3/hosted/pay/${body.tx_ref}` },
        });
      }
      const verify = /^\/v3\/transactions\/(\d+)\/verify$/.exec(url.pathname);
      if (request.method === 'GET' && verify) {
        const found = [...checkouts.values()].find(
          (c) => c.transaction && String(c.transaction.id) === verify[1],
        );
        if (!found)
          return send(response, 400, {
            status: 'error',
            message: 'No transaction was found for this id',
            data: null,
          });
        return send(response, 200, transactionOf(found));
      }
      if (request.method === 'GET' && url.pathname === '/v3/transactions/verify_by_reference') {
        const found = checkouts.get(url.searchParams.get('tx_ref') ?? '');
        if (!found?.transaction) {
          return send(response, 400, {
            status: 'error',
            message: 'No transaction was found for this reference',
            data: null,
          });
        }
        return send(response, 200, transactionOf(found));
      }
      return send(response, 404, {});
    })();
  });
  const url = await listen(server);
  return {
    url,
    checkouts,
    /**
     * The payer paid (or failed) on the hosted page; answers the transaction id Flutterwave adds
     * to the return address. `amount` lets a test pay less than asked.
     */
    pay(txRef: string, status: 'successful' | 'failed', amount?: number): number {
      const found = checkouts.get(txRef);
      if (!found) throw new Error(`no checkout for ${txRef}`);
      const id = ++nextId;
      found.transaction = {
        id,
        status,
        amount: amount ?? Number(found.body.amount),
        currency: found.body.currency,
      };
      return id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeFlutterwave = Awaited<ReturnType<typeof startFlutterwave>>;
