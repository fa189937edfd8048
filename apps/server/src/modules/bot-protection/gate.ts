import fp from 'fastify-plugin';
import { BOT_TOKEN_HEADER, botProtectedCalls } from '@haoshi/contracts';
import type { BotProtectionProvider } from './provider.ts';

/**
 * Guards the risky calls (contracts' botProtectedCalls: SMS, login, bargain offers, publishing,
 * withdrawals): each POST spends one token of its scene. Runs after sign-in and input checks, so a
 * malformed request does not use the token up.
 */
export const botProtectionGate = fp<{ provider: BotProtectionProvider }>(
  (app, { provider }, done) => {
    app.addHook('preHandler', async (request) => {
      if (request.method !== 'POST') return;
      const scene = botProtectedCalls[request.routeOptions.url ?? ''];
      if (!scene) return;
      const header = request.headers[BOT_TOKEN_HEADER];
      const claims = await provider.consumeToken(typeof header === 'string' ? header : undefined, scene, {
        userAgent: request.headers['user-agent'] ?? '',
      });
      request.log.info({ scene, risk: claims.risk, slider: claims.solvedChallenge }, 'bot-protection passed');
    });
    done();
  },
  { name: 'bot-protection-gate' },
);
