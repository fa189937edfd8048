import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { apiPaths, thirdPartyProviderSchema, type ThirdPartyProvider } from '@haoshi/contracts';
import { cashierHelmet } from '../../plugins/security-headers.ts';
import { oauthAccountPattern, type BuiltinOauthProvider } from './builtin-oauth-provider.ts';
import { oauthAuthorizePage } from './oauth-page.ts';

/** Back to our own app only: a path on this origin, never another host. */
const redirectPattern = /^\/(?!\/)[\w\-./?=&%]*$/;
const statePattern = /^[\w-]{16,64}$/;

interface AuthorizeInput {
  provider: ThirdPartyProvider;
  state: string;
  redirectUri: string;
}

function inputOf(fields: Record<string, unknown>): AuthorizeInput | undefined {
  const provider = thirdPartyProviderSchema.safeParse(fields.provider);
  const state = typeof fields.state === 'string' ? fields.state : '';
  const redirectUri = typeof fields.redirect_uri === 'string' ? fields.redirect_uri : '';
  if (!provider.success || !statePattern.test(state) || !redirectPattern.test(redirectUri)) return undefined;
  return { provider: provider.data, state, redirectUri };
}

const backTo = (input: AuthorizeInput, params: Record<string, string>) => {
  const separator = input.redirectUri.includes('?') ? '&' : '?';
  const query = new URLSearchParams({ provider: input.provider, state: input.state, ...params });
  return `${input.redirectUri}${separator}${query.toString()}`;
};

/**
 * The built-in provider's pages (the third party's, not ours): outside /app and the envelope, like
 * the sandbox cashier. GET shows the authorize page; its form posts here and is sent back with a code.
 */
export const oauthRoutes: FastifyPluginAsync<{ oauth: BuiltinOauthProvider }> = async (app, { oauth }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const page = (reply: FastifyReply, html: string, status = 200) =>
    // eslint-disable-next-line no-restricted-syntax
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  const invalid = (reply: FastifyReply) =>
    page(
      reply,
      '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>授权</title><p style="padding:24px;font:16px sans-serif">授权请求无效，请返回应用重新发起绑定</p></html>',
      400,
    );

  app.get<{ Querystring: Record<string, unknown> }>(
    apiPaths.oauthAuthorize,
    { schema: { hide: true }, helmet: cashierHelmet },
    async (request, reply) => {
      const input = inputOf(request.query);
      if (!input) return invalid(reply);
      return page(reply, oauthAuthorizePage({ ...input, action: apiPaths.oauthAuthorize }));
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    apiPaths.oauthAuthorize,
    { schema: { hide: true }, helmet: cashierHelmet, config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request, reply) => {
      const fields = typeof request.body === 'object' && request.body !== null ? request.body : {};
      const input = inputOf(fields);
      if (!input) return invalid(reply);
      if (fields.decision !== 'approve')
        return reply.redirect(backTo(input, { error: 'access_denied' }), 303);
      const account = typeof fields.account === 'string' ? fields.account.trim() : '';
      if (!oauthAccountPattern.test(account)) {
        const error = '账号昵称为2-20个字，只能包含中英文、数字、下划线';
        return page(reply, oauthAuthorizePage({ ...input, action: apiPaths.oauthAuthorize, error }), 400);
      }
      const code = await oauth.approve(input.provider, account);
      return reply.redirect(backTo(input, { code }), 303);
    },
  );
};
