import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Test-only: a loopback stand-in of Toss Payments' documented API (v1 payments endpoints), so the
 * Toss adapter and the routes are tested over real HTTP without the internet. It checks Basic auth
 * with its `test_sk_` key, keeps payments by paymentKey, answers Toss's error shape
 * `{ code, message }`, replays an Idempotency-Key's first answer, and sends webhooks.
 */

export interface StandInPayment {
  paymentKey: string;
  orderId: string;
  orderName: string;
  status: string;
  totalAmount: number;
  balanceAmount: number;
  method: string | null;
  requestedAt: string;
  approvedAt: string | null;
  cancels: { cancelAmount: number; cancelReason: string; canceledAt: string; transactionKey: string }[];
}

export interface StandInRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  body: unknown;
}

export interface TossStandIn {
  baseUrl: string;
  clientKey: string;
  secretKey: string;
  /** Every request received, oldest first. */
  requests: StandInRequest[];
  /** What Toss's payment window does when the buyer pays: a payment IN_PROGRESS for this order and amount. */
  authorize(order: { orderId: string; amount: number; orderName?: string }): string;
  payment(paymentKey: string): StandInPayment | undefined;
  /** Changes a payment as Toss would on its side (ABORTED, EXPIRED, CANCELED from its console…). */
  setStatus(paymentKey: string, status: string): void;
  /** The next call on this path answers this error (e.g. REJECT_CARD_PAYMENT 403). */
  failNext(path: string, error: { status: number; code: string; message: string }): void;
  /** The PAYMENT_STATUS_CHANGED body Toss would post for the payment. */
  webhookBody(paymentKey: string): { eventType: string; createdAt: string; data: StandInPayment };
  /** Posts that body to `url` and answers the response status. */
  sendWebhook(url: string, paymentKey: string): Promise<number>;
  close(): Promise<void>;
}

const nowIso = () => new Date().toISOString();

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function startTossStandIn(): Promise<TossStandIn> {
  const secretKey = `test_sk_${randomBytes(12).toString('hex')}`;
  const clientKey = `test_ck_${randomBytes(12).toString('hex')}`;
  const payments = new Map<string, StandInPayment>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const failures = new Map<string, { status: number; code: string; message: string }>();
  const requests: StandInRequest[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  const error = (status: number, code: string, message: string) => ({ status, body: { code, message } });

  function handle(method: string, path: string, body: unknown): { status: number; body: unknown } {
    const failure = failures.get(path);
    if (failure) {
      failures.delete(path);
      return error(failure.status, failure.code, failure.message);
    }
    if (method === 'POST' && path === '/v1/payments/confirm') {
      const input = body as { paymentKey?: unknown; orderId?: unknown; amount?: unknown } | null;
      if (!input || typeof input.paymentKey !== 'string' || typeof input.orderId !== 'string') {
        return error(400, 'INVALID_REQUEST', '잘못된 요청입니다.');
      }
      const p = payments.get(input.paymentKey);
      if (!p || p.orderId !== input.orderId) return error(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
      if (p.status !== 'IN_PROGRESS') return error(400, 'ALREADY_PROCESSED_PAYMENT', '이미 처리된 결제 입니다.');
      if (input.amount !== p.totalAmount) return error(400, 'INVALID_REQUEST', '결제 금액이 일치하지 않습니다.');
      Object.assign(p, { status: 'DONE', method: '카드', approvedAt: nowIso() });
      return { status: 200, body: p };
    }
    const match = /^\/v1\/payments\/([^/]+)(\/cancel)?$/.exec(path);
    const p = match?.[1] ? payments.get(decodeURIComponent(match[1])) : undefined;
    if (!match || (method === 'GET') === Boolean(match[2])) return error(404, 'NOT_FOUND', 'Not found.');
    if (!p) return error(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
    if (method === 'GET') return { status: 200, body: p };
    const reason = (body as { cancelReason?: unknown } | null)?.cancelReason;
    if (typeof reason !== 'string' || !reason) return error(400, 'INVALID_REQUEST', '취소 사유가 필요합니다.');
    if (p.status === 'CANCELED') return error(400, 'ALREADY_CANCELED_PAYMENT', '이미 취소된 결제 입니다.');
    if (p.status !== 'DONE') return error(403, 'NOT_CANCELABLE_PAYMENT', '취소 할 수 없는 결제 입니다.');
    const transactionKey = randomBytes(8).toString('hex');
    p.cancels.push({ cancelAmount: p.balanceAmount, cancelReason: reason, canceledAt: nowIso(), transactionKey });
    Object.assign(p, { status: 'CANCELED', balanceAmount: 0 });
    return { status: 200, body: p };
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const body = await readBody(req);
    const authorization = req.headers.authorization ?? null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path, authorization, idempotencyKey, body });
    let answer: { status: number; body: unknown };
    if (authorization !== expectedAuth) {
      answer = error(401, 'UNAUTHORIZED_KEY', '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.');
    } else if (body === undefined) {
      answer = error(400, 'INVALID_REQUEST', '잘못된 요청입니다.');
    } else if (idempotencyKey && replays.has(idempotencyKey)) {
      answer = replays.get(idempotencyKey)!;
    } else {
      answer = handle(method, path, body);
      // A failure of the provider's own (5xx) did not process the request: a retry runs it.
      if (idempotencyKey && method === 'POST' && answer.status < 500)
        replays.set(idempotencyKey, structuredClone(answer));
    }
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => {
    serve(req, res).catch(() => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '내부 시스템 처리 작업이 실패했습니다.' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const webhookBody = (paymentKey: string) => {
    const p = payments.get(paymentKey);
    if (!p) throw new Error(`No stand-in payment ${paymentKey}`);
    return { eventType: 'PAYMENT_STATUS_CHANGED', createdAt: nowIso(), data: structuredClone(p) };
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientKey,
    secretKey,
    requests,
    authorize({ orderId, amount, orderName = 'Order' }) {
      const paymentKey = `tgen_${randomBytes(12).toString('hex')}`;
      payments.set(paymentKey, {
        paymentKey,
        orderId,
        orderName,
        status: 'IN_PROGRESS',
        totalAmount: amount,
        balanceAmount: amount,
        method: null,
        requestedAt: nowIso(),
        approvedAt: null,
        cancels: [],
      });
      return paymentKey;
    },
    payment: (paymentKey) => payments.get(paymentKey),
    setStatus(paymentKey, status) {
      const p = payments.get(paymentKey);
      if (!p) throw new Error(`No stand-in payment ${paymentKey}`);
      if (status === 'CANCELED') {
        p.cancels.push({
          cancelAmount: p.balanceAmount,
          cancelReason: '고객 요청',
          canceledAt: nowIso(),
          transactionKey: 'tk',
        });
        p.balanceAmount = 0;
      }
      p.status = status;
    },
    failNext: (path, failure) => failures.set(path, failure),
    webhookBody,
    async sendWebhook(url, paymentKey) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(webhookBody(paymentKey)),
      });
      await res.arrayBuffer();
      return res.status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // fetch keeps connections alive; close would wait for them.
        server.closeAllConnections();
      }),
  };
}
