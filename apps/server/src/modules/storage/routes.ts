import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  apiPaths,
  ErrorCodes,
  stsQuerySchema,
  stsSchema,
  stsV2Schema,
  ticketRequestSchema,
  ticketsSchema,
  UPLOAD_VIDEO_MAX_BYTES,
  uploadFileTypes,
  uploadResultSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { UploadService } from './upload-service.ts';
import { writeFileAtomic, type LocalStorage } from './local-storage.ts';
import { contentTypeOfKey, storageKeyPattern } from './storage-provider.ts';
import { parseResizeProcess, resizeImage, variantContentType, variantFolder } from './image.ts';

const uploadQuerySchema = z.object({
  ticket: z.string().min(1).max(64),
  expires: z.coerce.number().int().positive(),
  sig: z.string().min(1).max(128),
});
const imageQuerySchema = z.object({ 'x-oss-process': z.string().max(100).optional() });

const keyOf = (params: unknown): string => {
  const key = (params as { '*'?: unknown })['*'];
  return typeof key === 'string' && storageKeyPattern.test(key) ? key : '';
};

async function readOrUndefined(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

/** SPEC §7 storage credentials and upload tickets, and the built-in provider's upload and read URLs. */
export const storageRoutes: FastifyPluginAsyncZod<{
  uploads: UploadService;
  local: LocalStorage | undefined;
  cacheRoot: string;
}> = async (app, { uploads, local, cacheRoot }) => {
  const credentialsOf = (purpose: Parameters<UploadService['credentials']>[0]) => {
    const { public_base_url: _base, resize_suffix: _suffix, ...credentials } = uploads.credentials(purpose);
    return credentials;
  };

  app.get(
    apiPaths.sts,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['uploads'],
        summary: '上传凭证：当前可上传的类型、大小与数量',
        querystring: stsQuerySchema,
        response: { 200: envelopeOf(stsSchema) },
      },
    },
    async (request) => {
      requireAuth(request);
      return ok({ credentials: credentialsOf(request.query.purpose) });
    },
  );

  app.get(
    apiPaths.stsV2,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['uploads'],
        summary: '上传凭证（v2：含图片地址前缀与缩放后缀）',
        querystring: stsQuerySchema,
        response: { 200: envelopeOf(stsV2Schema) },
      },
    },
    async (request) => {
      requireAuth(request);
      return ok({ credentials: uploads.credentials(request.query.purpose) });
    },
  );

  app.post(
    apiPaths.uploadTicket,
    {
      config: { auth: 'required', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['uploads'],
        summary: '申请上传票据：每个文件一个签名、限时、一次性的上传地址',
        body: ticketRequestSchema,
        response: { 200: envelopeOf(ticketsSchema) },
      },
    },
    async (request) =>
      ok({ tickets: await uploads.issueTickets(requireAuth(request).user.id, request.body) }),
  );

  app.addContentTypeParser(
    [...uploadFileTypes, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_VIDEO_MAX_BYTES + 1024 * 1024 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.put(
    `${apiPaths.uploadsPrefix}*`,
    {
      bodyLimit: UPLOAD_VIDEO_MAX_BYTES + 1024 * 1024,
      schema: {
        tags: ['uploads'],
        summary:
          '内置存储：按上传票据的签名地址上传一张图片（JPG/PNG/WEBP，最大10MB）或验号视频（MP4/WEBM/MOV，最大100MB）',
        querystring: uploadQuerySchema,
        response: { 200: envelopeOf(uploadResultSchema) },
      },
    },
    async (request) => {
      const key = keyOf(request.params);
      if (!key) throw new AppError(ErrorCodes.UPLOAD_TICKET_INVALID);
      return ok(await uploads.receive(key, request.query, request.body));
    },
  );

  app.get(
    `${apiPaths.uploadsPrefix}*`,
    { schema: { hide: true, querystring: imageQuerySchema } },
    async (request, reply) => {
      const key = keyOf(request.params);
      if (!local || !key) throw new AppError(ErrorCodes.IMAGE_NOT_FOUND);
      const contentType = contentTypeOfKey(key);
      const process = request.query['x-oss-process'];
      // SVG and videos are served as stored; the resize suffix only applies to raster images.
      const asStored = contentType === 'image/svg+xml' || contentType.startsWith('video/');
      const resize = process === undefined || asStored ? undefined : parseResizeProcess(process);
      if (process !== undefined && !asStored && !resize) {
        throw new AppError(ErrorCodes.VALIDATION_FAILED, '图片处理参数无效', { field: 'x-oss-process' });
      }
      let body: Buffer | undefined;
      if (resize) {
        const cached = join(cacheRoot, variantFolder(resize), key);
        body = await readOrUndefined(cached);
        if (!body) {
          const original = await local.get(key);
          if (original) {
            body = await resizeImage(original, resize, contentType);
            await writeFileAtomic(cached, body);
          }
        }
      } else {
        body = await local.get(key);
      }
      if (!body) throw new AppError(ErrorCodes.IMAGE_NOT_FOUND);
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (contentType === 'image/svg+xml')
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.type(resize ? variantContentType(resize, contentType) : contentType).send(body);
    },
  );
};
