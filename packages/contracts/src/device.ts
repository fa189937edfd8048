import { z } from 'zod';
import { textSchema } from './primitives.ts';
import { packageIds } from './brands.ts';
import { DEVICE_SIGNATURE_CHANNEL } from './device-constants.ts';

export const deviceSignatureSchema = z.object({
  device_id: z.string().min(1).max(128),
  channel: z.literal(DEVICE_SIGNATURE_CHANNEL),
  package: z.string().min(1).max(64),
});
export type DeviceSignature = z.infer<typeof deviceSignatureSchema>;

/** Built-in security provider: a client asks for a short-lived signed token. */
export const securityTokenRequestSchema = z.object({
  device_id: textSchema.min(1).max(128),
  package: z.enum(packageIds).or(textSchema.min(1).max(64)),
  fingerprint: textSchema.max(512).default(''),
});
export type SecurityTokenRequest = z.infer<typeof securityTokenRequestSchema>;

/** The provider's own response shape: code 200/201 success (SPEC §4). */
export const securityTokenResponseSchema = z.object({
  code: z.number().int(),
  token: z.string().optional(),
  message: z.string().optional(),
});
export type SecurityTokenResponse = z.infer<typeof securityTokenResponseSchema>;

export const deviceIdQuerySchema = z.object({ token: textSchema.min(1).max(4096) });
export const deviceIdDataSchema = z.object({ device_id: z.string() });
export type DeviceIdData = z.infer<typeof deviceIdDataSchema>;
