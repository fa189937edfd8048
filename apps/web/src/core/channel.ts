import type { PackageId } from '@haoshi/contracts';
import { storedPackageOf } from './brands';
import { base64ToUtf8 } from './base64';
import { detectNativeBridges, type NativeBridges } from './native-bridge/presence';
import {
  readHeaderSign,
  readSessionItem,
  readSoftwareType,
  readStatusBarHeight,
  STORAGE_KEYS,
  toHeaderSign,
  writeHeaderSign,
  writePackageName,
  writeSoftwareType,
  writeStatusBarHeight,
  type HeaderSign,
} from './storage';

/** SPEC §3 access channel codes. */
export const AccessChannel = { ANDROID: 1, IOS: 2, WEB: 3, HARMONY: 4, PWA: 5, H5: 6 } as const;
export type AccessChannel = (typeof AccessChannel)[keyof typeof AccessChannel];

const accessChannels: ReadonlySet<number> = new Set(Object.values(AccessChannel));
function isAccessChannel(value: number): value is AccessChannel {
  return accessChannels.has(value);
}
/** Channels whose host app answers the native bridge. */
const nativeChannels: ReadonlySet<number> = new Set([
  AccessChannel.ANDROID,
  AccessChannel.IOS,
  AccessChannel.HARMONY,
]);

/** SPEC §9: default header Os when no native header is given. */
export const DEFAULT_OS = '4';
/** SPEC §9: iOS status-bar fallback. */
export const IOS_STATUS_BAR_FALLBACK = 20;
/** The CSS custom property the shell reads for the status-bar inset. */
export const STATUS_BAR_CSS_VAR = '--app-sb-h';

export interface EnvironmentInput {
  search: string;
  userAgent: string;
  /** The page runs as an installed web app (home-screen PWA). */
  standalone: boolean;
  screenHeight: number;
  innerHeight: number;
  /** The host app bridges present in the page: the proof that a `header` parameter came from an app. */
  bridges: NativeBridges;
}

export interface ClientEnvironment {
  channel: AccessChannel;
  isNative: boolean;
  headerValues: HeaderSign;
  pkg: PackageId;
  statusBarHeight: number;
}

export function isIosUserAgent(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

function parseJsonHeaders(text: string): HeaderSign | undefined {
  try {
    return toHeaderSign(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The native app passes its headers as JSON, or as base64 of that JSON. */
export function parseHeaderParam(raw: string): HeaderSign {
  const direct = parseJsonHeaders(raw);
  if (direct) return direct;
  try {
    return parseJsonHeaders(base64ToUtf8(raw)) ?? {};
  } catch {
    return {};
  }
}

/**
 * SPEC §4: a `header` parameter means a native app (Android or iOS by user agent). It is honoured
 * only when that app's bridge is in the page: a link opened in a plain browser also carries the
 * parameter, and must not log the reader into someone else's account nor set any header (login CSRF).
 */
function nativeChannelOf(params: URLSearchParams, input: EnvironmentInput): AccessChannel | undefined {
  if (!params.has('header')) return undefined;
  if (/Android/i.test(input.userAgent)) return input.bridges.android ? AccessChannel.ANDROID : undefined;
  return input.bridges.ios ? AccessChannel.IOS : undefined;
}

function detectChannel(params: URLSearchParams, input: EnvironmentInput): AccessChannel {
  const native = nativeChannelOf(params, input);
  if (native !== undefined) return native;
  return params.get('isHm') === '1' ? AccessChannel.HARMONY : AccessChannel.H5;
}

function detectStatusBarHeight(params: URLSearchParams, input: EnvironmentInput): number {
  const fromParam = Number(params.get('sb_h') || Number.NaN);
  if (Number.isFinite(fromParam) && fromParam >= 0) return fromParam;
  if (input.standalone && isIosUserAgent(input.userAgent)) {
    const gap = input.screenHeight - input.innerHeight;
    return gap > 0 ? gap : IOS_STATUS_BAR_FALLBACK;
  }
  return 0;
}

/** SPEC §4 channel detection, as a pure function of what the page sees at start. */
export function detectEnvironment(input: EnvironmentInput): ClientEnvironment {
  const params = new URLSearchParams(input.search);
  const header = nativeChannelOf(params, input) === undefined ? null : params.get('header');
  const channel = detectChannel(params, input);
  return {
    channel,
    isNative: nativeChannels.has(channel),
    headerValues: header === null ? { Os: DEFAULT_OS } : parseHeaderParam(header),
    pkg: storedPackageOf(params.get('pkg') ?? undefined),
    statusBarHeight: detectStatusBarHeight(params, input),
  };
}

const environmentParams = ['header', 'isHm', 'pkg', 'sb_h'];

/** A refused `header` parameter leaves the address, so that it is neither shared on nor reloaded. */
function dropHeaderParam(win: Window, params: URLSearchParams): void {
  params.delete('header');
  const search = params.toString();
  const { pathname, hash } = win.location;
  win.history.replaceState(win.history.state, '', `${pathname}${search ? `?${search}` : ''}${hash}`);
}

function isStandalone(win: Window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (win.matchMedia?.('(display-mode: standalone)').matches ?? false);
}

function storeEnvironment(env: ClientEnvironment): void {
  const current = readHeaderSign();
  const merged: HeaderSign = { ...current, ...env.headerValues };
  if (!env.headerValues.Authorization && current.Authorization) merged.Authorization = current.Authorization;
  writeHeaderSign(merged);
  writeSoftwareType(env.channel);
  writePackageName(env.pkg);
  writeStatusBarHeight(env.statusBarHeight);
}

/**
 * Runs once at start. A reload of an inner page usually carries none of the start parameters;
 * when this tab already detected its environment, that detection stays instead of falling back
 * to plain H5 and the main brand.
 */
export function initClientEnvironment(win: Window = window): void {
  const params = new URLSearchParams(win.location.search);
  const hasParams = environmentParams.some((name) => params.has(name));
  if (hasParams || readSessionItem(STORAGE_KEYS.softwareType) === undefined) {
    const env = detectEnvironment({
      search: win.location.search,
      userAgent: win.navigator.userAgent,
      standalone: isStandalone(win),
      screenHeight: win.screen.height,
      innerHeight: win.innerHeight,
      bridges: detectNativeBridges(win as Window & Parameters<typeof detectNativeBridges>[0]),
    });
    storeEnvironment(env);
    if (params.has('header') && !env.isNative) dropHeaderParam(win, params);
  }
  win.document.documentElement.style.setProperty(STATUS_BAR_CSS_VAR, `${getStatusBarHeight()}px`);
}

export function getAccessChannel(): AccessChannel {
  const stored = readSoftwareType();
  return stored !== undefined && isAccessChannel(stored) ? stored : AccessChannel.H5;
}

export function isNativeApp(): boolean {
  return nativeChannels.has(getAccessChannel());
}

export function getStatusBarHeight(): number {
  return readStatusBarHeight();
}
