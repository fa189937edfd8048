// Schema-free checks of the device-identity answers (the same rules as the zod schemas in
// device.ts), for callers that must not load a schema library: the web's first visit uses them.
import { DEVICE_SIGNATURE_CHANNEL } from './device-constants.ts';
import type { DeviceIdData, DeviceSignature } from './device.ts';

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringOfLength(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

/** deviceSignatureSchema: device_id 1..128, channel 'h5', package 1..64. */
export function isDeviceSignature(value: unknown): value is DeviceSignature {
  return (
    isObject(value) &&
    isStringOfLength(value.device_id, 1, 128) &&
    value.channel === DEVICE_SIGNATURE_CHANNEL &&
    isStringOfLength(value.package, 1, 64)
  );
}

/** The signature's own fields only (a stored value may carry more), or undefined when it is none. */
export function toDeviceSignature(value: unknown): DeviceSignature | undefined {
  if (!isDeviceSignature(value)) return undefined;
  return { device_id: value.device_id, channel: value.channel, package: value.package };
}

/** The provider's token from a successful answer (code 200/201, SPEC §4), or undefined. */
export function securityTokenOf(answer: unknown): string | undefined {
  if (!isObject(answer) || (answer.code !== 200 && answer.code !== 201)) return undefined;
  return typeof answer.token === 'string' && answer.token !== '' ? answer.token : undefined;
}

/** deviceIdDataSchema: the data of the device-id envelope. */
export function isDeviceIdData(value: unknown): value is DeviceIdData {
  return isObject(value) && typeof value.device_id === 'string';
}
