import type { FastifyInstance } from 'fastify';
import type { Envelope, LoginResponse, OutboxMessage } from '@haoshi/contracts';

export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
) {
  const response = await app.inject({
    method,
    url,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    headers: { ...(options.token ? { authorization: options.token } : {}), ...options.headers },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return { response, body: response.json<Envelope<T>>() };
}

export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const { body } = await call<OutboxMessage[]>(app, 'GET', `/dev/outbox/sms?phone=${phone}`);
  const code = body.data?.[0]?.code;
  if (!code) throw new Error(`no code in outbox for ${phone}`);
  return code;
}

/** Asks for a code, reads it from the outbox and logs in. */
export async function login(app: FastifyInstance, phone: string, ip = '10.0.0.1'): Promise<LoginResponse> {
  const sent = await call(app, 'POST', '/app/sms', { body: { phone, scene: 'login' }, ip });
  if (sent.body.err_code !== 0) throw new Error(`sms failed: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(app, phone);
  const { body } = await call<LoginResponse>(app, 'POST', '/app/login', { body: { phone, code }, ip });
  if (body.err_code !== 0 || !body.data) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data;
}
