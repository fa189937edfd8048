import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { CASHIER_PATH_PREFIX, type SandboxGateway, type SandboxPaymentRow } from './sandbox-gateway.ts';
import { cashierPage } from './cashier-page.ts';
import { cashierHelmet } from '../../plugins/security-headers.ts';

const prepayIdPattern = /^[\w-]{16,64}$/;

const returnUrlOf = (payment: SandboxPaymentRow) => {
  const separator = payment.returnPath.includes('?') ? '&' : '?';
  return `${payment.returnPath}${separator}order_no=${encodeURIComponent(payment.outTradeNo)}`;
};

/**
 * The sandbox gateway's cashier pages (not ours: the gateway's). GET shows the payment; the forms
 * post to /pay or /cancel and are sent back to the merchant's return path. Hidden from OpenAPI.
 */
export const cashierRoutes: FastifyPluginAsync<{ gateway: SandboxGateway }> = async (app, { gateway }) => {
  // Browsers post the cashier's forms as application/x-www-form-urlencoded; they carry no fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  // The sandbox cashier is an HTML page for a browser, not an API answer: outside the envelope.
  const notFoundPage = (reply: FastifyReply) =>
    // eslint-disable-next-line no-restricted-syntax
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>收银台</title><p style="padding:24px;font:16px sans-serif">支付订单不存在</p></html>',
      );

  app.get<{ Params: { prepayId: string } }>(
    `${CASHIER_PATH_PREFIX}/:prepayId`,
    { schema: { hide: true }, config: { auth: 'optional' }, helmet: cashierHelmet },
    async (request, reply) => {
      const { prepayId } = request.params;
      const payment = prepayIdPattern.test(prepayId) ? await gateway.cashier.load(prepayId) : undefined;
      if (!payment) return notFoundPage(reply);
      const html = cashierPage(
        payment,
        gateway.cashier.merchantName,
        returnUrlOf(payment),
        `${CASHIER_PATH_PREFIX}/${prepayId}`,
      );
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );

  for (const action of ['pay', 'cancel'] as const) {
    app.post<{ Params: { prepayId: string } }>(
      `${CASHIER_PATH_PREFIX}/:prepayId/${action}`,
      { schema: { hide: true }, config: { auth: 'optional' }, helmet: cashierHelmet },
      async (request, reply) => {
        const { prepayId } = request.params;
        if (!prepayIdPattern.test(prepayId)) return notFoundPage(reply);
        const payment =
          action === 'pay' ? await gateway.cashier.pay(prepayId) : await gateway.cashier.cancel(prepayId);
        if (!payment) return notFoundPage(reply);
        return reply.redirect(returnUrlOf(payment), 303);
      },
    );
  }
};
