import type { Brand, DeviceSignature, PackageId } from '@haoshi/contracts';
import type { AccessChannel } from '@/core/channel';
import type { HeaderSign } from '@/core/storage';
import { channelNames, diagnosticsMessages as text } from './messages';

export interface DiagnosticRow {
  label: string;
  value: string;
}

export interface DiagnosticsInput {
  channel: AccessChannel;
  pkg: PackageId;
  brand: Brand;
  signature: DeviceSignature | undefined;
  headers: HeaderSign;
  statusBarHeight: number;
  userAgent: string;
}

const SECRET_HEADERS: ReadonlySet<string> = new Set(['authorization']);

/** Keeps enough of a secret to tell two apart, never enough to use it. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}****${value.slice(-4)}`;
}

export function environmentRows(input: DiagnosticsInput): DiagnosticRow[] {
  return [
    { label: text.channel, value: `${channelNames[input.channel]}（${input.channel}）` },
    { label: text.package, value: input.pkg },
    { label: text.brand, value: input.brand.name },
    { label: text.deviceId, value: input.signature?.device_id ?? text.deviceIdMissing },
    { label: text.statusBar, value: `${input.statusBarHeight}px` },
    { label: text.userAgent, value: input.userAgent },
  ];
}

/** Every app_header_sign value, with Authorization masked. */
export function headerRows(headers: HeaderSign): DiagnosticRow[] {
  return Object.entries(headers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, value]) => ({
      label,
      value: SECRET_HEADERS.has(label.toLowerCase()) ? maskSecret(value) : value,
    }));
}

/** Plain text for pasting into a support chat. */
export function diagnosticsText(input: DiagnosticsInput): string {
  return [...environmentRows(input), ...headerRows(input.headers)]
    .map((row) => `${row.label}: ${row.value}`)
    .join('\n');
}
