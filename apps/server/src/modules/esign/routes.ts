import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  protocolDataRequestSchema,
  protocolDataResultSchema,
  protocolPageSchema,
  protocolPaths,
  protocolPreviewSchema,
  protocolQuerySchema,
  protocolSignRequestSchema,
  protocolSignResultSchema,
  protocolSignUrlSchema,
  protocolSnapshotsSchema,
  protocolStatusSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { signingKeyFromSeed } from '../../lib/signing-key.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { SmsService } from '../identity/index.ts';
import type { StorageProvider, UploadService } from '../storage/index.ts';
import { createBuiltinESignProvider } from './builtin-provider.ts';
import { createProtocolService, type ProtocolService } from './protocol-service.ts';
import { createProtocolSubjectsSlot, type ProtocolSubjects } from './protocol-subjects.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** E-signature: the order module registers its protocol subjects here. */
    esign: { registerSubjects(subjects: ProtocolSubjects): void };
  }
}

export interface ESignPluginOptions {
  now: () => Date;
  sms: SmsService;
  uploads: UploadService;
  storage: StorageProvider;
}

const protocolRoutes: FastifyPluginAsyncZod<{ service: ProtocolService }> = async (app, { service }) => {
  const tags = ['protocols'];
  const query = protocolQuerySchema;
  app.get(
    protocolPaths.page,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '订单的交易协议：全文、双方及各自签署状态（仅买卖双方与客服可看）',
        querystring: query,
        response: { 200: envelopeOf(protocolPageSchema) },
      },
    },
    async (request) => ok(await service.page(request.query.order_no, requireAuth(request).user.id)),
  );
  app.get(
    protocolPaths.status,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '协议签署状态',
        querystring: query,
        response: { 200: envelopeOf(protocolStatusSchema) },
      },
    },
    async (request) => ok(await service.status(request.query.order_no, requireAuth(request).user.id)),
  );
  app.get(
    protocolPaths.signUrl,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '签署页地址（内置签署：本站 /ratifyAccord）',
        querystring: query,
        response: { 200: envelopeOf(protocolSignUrlSchema) },
      },
    },
    async (request) => ok(await service.signUrl(request.query.order_no, requireAuth(request).user.id)),
  );
  app.get(
    protocolPaths.preview,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '签署前预览协议全文',
        querystring: query,
        response: { 200: envelopeOf(protocolPreviewSchema) },
      },
    },
    async (request) => ok(await service.preview(request.query.order_no, requireAuth(request).user.id)),
  );
  app.get(
    protocolPaths.snapshots,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '已签署的协议快照及其验签结果',
        querystring: query,
        response: { 200: envelopeOf(protocolSnapshotsSchema) },
      },
    },
    async (request) => ok(await service.snapshots(request.query.order_no, requireAuth(request).user.id)),
  );
  app.post(
    protocolPaths.data,
    {
      config: {
        auth: 'required',
        rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: '提交手写签名并确认签署意愿（向本人手机发送验证码）',
        body: protocolDataRequestSchema,
        response: { 200: envelopeOf(protocolDataResultSchema) },
      },
    },
    async (request) =>
      ok(
        await service.startIntent(requireAuth(request).user.id, {
          orderNo: request.body.order_no,
          signatureImage: request.body.signature_image,
          textSha256: request.body.text_sha256,
          ip: request.ip,
        }),
      ),
  );
  app.post(
    protocolPaths.sign,
    {
      config: {
        auth: 'required',
        rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: '短信验证码确认后签署协议，写入签名快照',
        body: protocolSignRequestSchema,
        response: { 200: envelopeOf(protocolSignResultSchema) },
      },
    },
    async (request) =>
      ok(await service.sign(requireAuth(request).user.id, request.body.order_no, request.body.code)),
  );
};

/** The e-signature module: the built-in provider, the protocol routes and `app.esign`. */
export const esignPlugin = fp<ESignPluginOptions>(
  async (app, options) => {
    const subjects = createProtocolSubjectsSlot();
    const provider = createBuiltinESignProvider({
      db: app.db,
      sms: options.sms,
      uploads: options.uploads,
      storage: options.storage,
      key: signingKeyFromSeed(app.config.ESIGN_SIGNING_KEY),
      now: options.now,
    });
    const service = createProtocolService({
      db: app.db,
      subjects,
      provider,
      imageUrl: (key) => options.storage.publicUrl(key),
    });
    app.decorate('esign', { registerSubjects: (given: ProtocolSubjects) => subjects.register(given) });
    await app.register(protocolRoutes, { service });
  },
  { name: 'esign' },
);
