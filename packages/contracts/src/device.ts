import { z } from 'zod';
import { packageIds } from './brands.ts';

/** SPEC §3: the fixed channel value inside the device signature. */
export const DEVICE_SIGNATURE_CHANNEL = 'h5';
/** SPEC §4/§9: the built-in default device id a fresh client starts with. */
export const DEFAULT_DEVICE_ID = 'h5-0000000000000000-default';
/** The development key shared by web and server; production sets DEVICE_SIGN_KEY. 32 bytes → AES-256. */
export const DEFAULT_DEVICE_SIGN_KEY = 'haoshi-local-device-sign-key-32b';
/** The request header carrying the encrypted device signature (a key of app_header_sign). */
export const DEVICE_SIGN_HEADER = 'sign';

export const deviceSignatureSchema = z.object({
  device_id: z.string().min(1).max(128),
  channel: z.literal(DEVICE_SIGNATURE_CHANNEL),
  package: z.string().min(1).max(64),
});
export type DeviceSignature = z.infer<typeof deviceSignatureSchema>;

/** Built-in security provider: a client asks for a short-lived signed token. */
export const securityTokenRequestSchema = z.object({
  device_id: z.string().min(1).max(128),
  package: z.enum(packageIds).or(z.string().min(1).max(64)),
  fingerprint: z.string().max(512).default(''),
});
export type SecurityTokenRequest = z.infer<typeof securityTokenRequestSchema>;

/** The provider's own response shape: code 200/201 success (SPEC §4). */
export const securityTokenResponseSchema = z.object({
  code: z.number().int(),
  token: z.string().optional(),
  message: z.string().optional(),
});
export type SecurityTokenResponse = z.infer<typeof securityTokenResponseSchema>;

export const deviceIdQuerySchema = z.object({ token: z.string().min(1).max(4096) });
export const deviceIdDataSchema = z.object({ device_id: z.string() });
export type DeviceIdData = z.infer<typeof deviceIdDataSchema>;
