import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { smsOutbox } from '../src/modules/identity/tables.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { createProductionApp } from './helpers/production-app.ts';
import { call } from './helpers/identity.ts';

let development: TestApp;
let production: TestApp;
beforeAll(async () => {
  [development, production] = await Promise.all([createTestApp(), createProductionApp()]);
});
afterAll(async () => {
  await Promise.all([development.close(), production.close()]);
});

/** Asks for a login code and returns it (from the outbox table) with everything logged meanwhile. */
async function sendAndCapture(t: TestApp, phone: string) {
  const logged: string[] = [];
  // Fastify's own request lines pass the raw request, which pino's serializers cut to method and url.
  const isRequestLine = (first: unknown) =>
    typeof first === 'object' && first !== null && ('req' in first || 'res' in first);
  const capture = (app: FastifyInstance, level: 'info' | 'warn' | 'debug') =>
    vi.spyOn(app.log, level).mockImplementation((...args: unknown[]) => {
      if (!isRequestLine(args[0])) logged.push(JSON.stringify(args));
    });
  const spies = (['info', 'warn', 'debug'] as const).map((level) => capture(t.app, level));
  try {
    const { body } = await call(t.app, 'POST', '/app/sms', { body: { phone, scene: 'login' } });
    expect(body.err_code).toBe(0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  const [message] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
  const code = /\d{6}/.exec(message?.content ?? '')?.[0];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return { code, logged: logged.join('\n') };
}

describe(`built-in SMS provider's log on ${databaseKind}`, () => {
  it('logs the text with its code while developing', async () => {
    const { code, logged } = await sendAndCapture(development, '13600000101');
    expect(logged).toContain(code);
  });

  it('never logs a code or the full phone in production; the outbox table still has the message', async () => {
    const { code, logged } = await sendAndCapture(production, '13600000102');
    expect(logged).toContain('136****0102');
    expect(logged).not.toContain(code);
    expect(logged).not.toContain('13600000102');
  });
});
