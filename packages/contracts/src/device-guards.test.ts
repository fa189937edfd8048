import { describe, expect, it } from 'vitest';
import { isDeviceIdData, isDeviceSignature, securityTokenOf, toDeviceSignature } from './device-guards.ts';
import { deviceIdDataSchema, deviceSignatureSchema, securityTokenResponseSchema } from './device.ts';

const signature = { device_id: 'dev-1', channel: 'h5', package: 'app_mhb' };

// The guards must accept exactly what the zod schemas accept.
const signatures: unknown[] = [
  signature,
  { ...signature, device_id: 'x'.repeat(128) },
  { ...signature, package: 'p'.repeat(64) },
  { ...signature, extra: 1 },
  { ...signature, device_id: '' },
  { ...signature, device_id: 'x'.repeat(129) },
  { ...signature, package: '' },
  { ...signature, package: 'p'.repeat(65) },
  { ...signature, channel: 'ios' },
  { ...signature, device_id: 42 },
  { device_id: 'dev-1', channel: 'h5' },
  null,
  'dev-1',
  [signature],
  undefined,
];

describe('isDeviceSignature / toDeviceSignature', () => {
  it.each(signatures.map((value) => [JSON.stringify(value), value]))(
    'agrees with deviceSignatureSchema: %s',
    (_name, value) => {
      const parsed = deviceSignatureSchema.safeParse(value);
      expect(isDeviceSignature(value)).toBe(parsed.success);
      expect(toDeviceSignature(value)).toEqual(parsed.success ? parsed.data : undefined);
    },
  );

  it('keeps only the signature’s own fields', () => {
    expect(toDeviceSignature({ ...signature, extra: 1 })).toStrictEqual(signature);
  });
});

describe('securityTokenOf', () => {
  it.each([
    [{ code: 200, token: 't' }, 't'],
    [{ code: 201, token: 't', message: 'ok' }, 't'],
    [{ code: 200, token: '' }, undefined],
    [{ code: 200 }, undefined],
    [{ code: 500, token: 't' }, undefined],
    [{ code: '200', token: 't' }, undefined],
    [{ code: 200, token: 7 }, undefined],
    [null, undefined],
    ['token', undefined],
  ])('%j → %j', (answer, token) => {
    expect(securityTokenOf(answer)).toBe(token);
    if (token !== undefined) expect(securityTokenResponseSchema.safeParse(answer).success).toBe(true);
  });
});

describe('isDeviceIdData', () => {
  it.each([[{ device_id: 'd' }], [{ device_id: '' }], [{ device_id: 1 }], [{}], [null], ['d']])(
    'agrees with deviceIdDataSchema: %j',
    (value) => {
      expect(isDeviceIdData(value)).toBe(deviceIdDataSchema.safeParse(value).success);
    },
  );
});
