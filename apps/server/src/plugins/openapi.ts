import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsContentSecurityPolicy, storageOriginOf } from './security-headers.ts';

/** OpenAPI generated from the routes' zod schemas: JSON at /docs/json, UI at /docs. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'haoshi API',
          version: '0.1.0',
          description: '游戏账号交易平台接口。所有响应均为 { err_code, message, data } 信封。',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Authorization' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      // Written in place of the app's policy on the UI's own routes (its onSend hook runs after helmet's).
      staticCSP: docsContentSecurityPolicy(storageOriginOf(app.config)),
    });
  },
  { name: 'openapi', dependencies: ['config'] },
);
