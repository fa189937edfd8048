import { z } from 'zod';

/**
 * Uploads (SPEC §7 storage credentials and upload tickets). The server never hands out storage keys:
 * `credentials` describe what the user may upload now, and each file gets a ticket — a signed,
 * expiring, single-use URL (our own server, or a presigned PUT of the S3-compatible store).
 */
export const uploadContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const uploadContentTypeSchema = z.enum(uploadContentTypes, {
  error: '仅支持 JPG、PNG、WEBP 格式的图片',
});
export type UploadContentType = z.infer<typeof uploadContentTypeSchema>;

/** Videos: only for the verification video of an order (验号视频), stored as uploaded. */
export const uploadVideoTypes = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export type UploadVideoType = (typeof uploadVideoTypes)[number];
export const uploadFileTypes = [...uploadContentTypes, ...uploadVideoTypes] as const;
export const uploadFileTypeSchema = z.enum(uploadFileTypes, {
  error: '仅支持 JPG、PNG、WEBP 图片或 MP4、WEBM、MOV 视频',
});
export type UploadFileType = z.infer<typeof uploadFileTypeSchema>;
export const isVideoType = (type: string): type is UploadVideoType =>
  (uploadVideoTypes as readonly string[]).includes(type);

export const uploadPurposes = [
  'goods_screenshot',
  'avatar',
  'feedback',
  'report',
  'payout_qr',
  /** A handwritten signature drawn on the protocol signing page. */
  'signature',
  'order_video',
  'dispute',
  /** A picture sent in chat. */
  'chat',
] as const;
export const uploadPurposeSchema = z.enum(uploadPurposes, { error: '不支持的上传用途' });
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** The purposes whose files are videos; every other purpose takes images. */
export const videoUploadPurposes: readonly UploadPurpose[] = ['order_video'];
export const maxBytesOf = (purpose: UploadPurpose) =>
  videoUploadPurposes.includes(purpose) ? UPLOAD_VIDEO_MAX_BYTES : UPLOAD_MAX_BYTES;
export const contentTypesOf = (purpose: UploadPurpose): UploadFileType[] =>
  videoUploadPurposes.includes(purpose) ? [...uploadVideoTypes] : [...uploadContentTypes];
export const UPLOAD_TICKET_TTL_SECONDS = 600;
export const UPLOAD_MAX_FILES_PER_TICKET_CALL = 9;
/** Longest side after re-encoding; larger pictures are scaled down. */
export const UPLOAD_MAX_DIMENSION = 2560;

/** Widths and heights the image-resize suffix (SPEC §9) snaps up to, so the cache stays bounded. */
export const imageResizeSteps = [
  64, 100, 128, 160, 200, 240, 300, 375, 480, 640, 750, 960, 1080, 1280,
] as const;
export const IMAGE_RESIZE_SUFFIX = 'x-oss-process=image/resize';

/** `url?x-oss-process=image/resize,w_200[,h_200]` for a stored image URL. */
export function resizedImageUrl(url: string, width: number, height?: number): string {
  const size = height === undefined ? `w_${width}` : `w_${width},h_${height}`;
  return `${url}${url.includes('?') ? '&' : '?'}${IMAGE_RESIZE_SUFFIX},${size}`;
}

export const stsQuerySchema = z.object({ purpose: uploadPurposeSchema.default('goods_screenshot') });
export const credentialsSchema = z.object({
  provider: z.enum(['local', 's3']),
  /** Where tickets are asked for. */
  ticket_url: z.string(),
  purpose: uploadPurposeSchema,
  content_types: z.array(uploadFileTypeSchema),
  max_bytes: z.number().int(),
  max_files: z.number().int(),
  expiration: z.string(),
});
export const stsSchema = z.object({ credentials: credentialsSchema });
/** /app/sts/v2 adds the public base URL and the resize suffix (one implementation, thin shape). */
export const stsV2Schema = z.object({
  credentials: credentialsSchema.extend({ public_base_url: z.string(), resize_suffix: z.string() }),
});

export const ticketRequestSchema = z
  .object({
    purpose: uploadPurposeSchema,
    files: z
      .array(
        z.object({
          content_type: uploadFileTypeSchema,
          size: z.number().int().min(1).max(UPLOAD_VIDEO_MAX_BYTES, '视频不能超过100MB'),
        }),
      )
      .min(1, '请选择文件')
      .max(UPLOAD_MAX_FILES_PER_TICKET_CALL, `一次最多上传${UPLOAD_MAX_FILES_PER_TICKET_CALL}个`),
  })
  .superRefine((request, context) => {
    const video = videoUploadPurposes.includes(request.purpose);
    request.files.forEach((file, index) => {
      if (isVideoType(file.content_type) !== video)
        context.addIssue({
          code: 'custom',
          path: ['files', index, 'content_type'],
          message: video ? '仅支持 MP4、WEBM、MOV 格式的视频' : '仅支持 JPG、PNG、WEBP 格式的图片',
        });
      else if (!video && file.size > UPLOAD_MAX_BYTES)
        context.addIssue({ code: 'custom', path: ['files', index, 'size'], message: '图片不能超过10MB' });
    });
  });
export type TicketRequest = z.infer<typeof ticketRequestSchema>;

export const uploadTicketSchema = z.object({
  /** What a listing's `screenshots` refer to once uploaded. */
  key: z.string(),
  method: z.literal('PUT'),
  upload_url: z.string(),
  /** Headers the upload must carry (the declared content type; the byte length for S3). */
  headers: z.record(z.string(), z.string()),
  /** Where the image can be read after the upload. */
  url: z.string(),
  expires_at: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;
export const ticketsSchema = z.object({ tickets: z.array(uploadTicketSchema) });

/** The answer of the built-in provider's upload URL. */
export const uploadResultSchema = z.object({
  key: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
