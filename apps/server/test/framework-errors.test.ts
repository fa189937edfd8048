import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ErrorCodes, messageFor } from '@haoshi/contracts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes (what no HTTP client library would send) and reads the status and the body. */
function raw(request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    socket.write(request);
  });
}

const envelopeOf = (body: string) => JSON.parse(body) as { err_code: number; message: string };

describe("Fastify's and Node's own refusals are envelopes (issue 9 E.7)", () => {
  it('a path that is not valid URL encoding: 400 with err_code 1020', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/goods/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      err_code: ErrorCodes.MALFORMED_REQUEST,
      message: messageFor(ErrorCodes.MALFORMED_REQUEST),
    });
  });

  it('headers too large: 431 with err_code 1021', async () => {
    const { status, body } = await raw(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(status).toBe(431);
    expect(envelopeOf(body).err_code).toBe(ErrorCodes.HEADERS_TOO_LARGE);
  });

  it('an invalid Content-Length: 400 with err_code 1020', async () => {
    const { status, body } = await raw(
      'POST /app/sms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    );
    expect(status).toBe(400);
    expect(envelopeOf(body)).toEqual({
      err_code: ErrorCodes.MALFORMED_REQUEST,
      message: messageFor(ErrorCodes.MALFORMED_REQUEST),
    });
  });

  it('a broken request line: 400 with err_code 1020', async () => {
    const { status, body } = await raw('NOT A REQUEST\r\n\r\n');
    expect(status).toBe(400);
    expect(envelopeOf(body).err_code).toBe(ErrorCodes.MALFORMED_REQUEST);
  });

  it('out-of-range ids and NUL bytes are refused as validation errors, never a 500', async () => {
    for (const url of [
      '/app/home/hot/v2?game_id=2147483648',
      '/app/intelligence?game_id=2147483648',
      '/app/goods/recommend?game_id=2147483648',
      '/app/goods/detail?goods_id=99999999999',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json<{ err_code: number }>().err_code, url).toBe(ErrorCodes.VALIDATION_FAILED);
    }
    const token = await t.app.inject({
      method: 'POST',
      url: '/security/v1/token',
      payload: { device_id: 'abc\u0000def', package: 'app_thh' },
    });
    expect(token.statusCode).toBe(200);
    expect(token.json<{ err_code: number }>().err_code).toBe(ErrorCodes.VALIDATION_FAILED);
  });
});
