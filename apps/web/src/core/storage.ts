import { LOGIN_HINT_COOKIE } from '@haoshi/contracts';
import { createContext, useContext, useSyncExternalStore } from 'react';

/** SPEC §3: the client data kept in session and local storage. */
export const STORAGE_KEYS = {
  headerSign: 'app_header_sign',
  softwareType: 'app_software_type',
  packageName: 'app_package_name',
  statusBarHeight: 'app_sb_h',
} as const;

/** The headers every request sends: Authorization, Os, sign and whatever a native app passes. */
export type HeaderSign = Record<string, string>;

const AUTHORIZATION = 'Authorization';

type Area = 'sessionStorage' | 'localStorage';
const AREAS: readonly Area[] = ['sessionStorage', 'localStorage'];

function getItem(area: Area, key: string): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    // Storage can be disabled (private mode, blocked cookies); treat it as empty.
    return null;
  }
}

function setItem(area: Area, key: string, value: string): void {
  try {
    window[area].setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the other area may still hold the value.
  }
}

/** Session storage first (this tab's own value), then local storage. */
export function readItem(key: string): string | undefined {
  for (const area of AREAS) {
    const value = getItem(area, key);
    if (value !== null) return value;
  }
  return undefined;
}

/** Reads only this tab's session storage: what an earlier start of this tab wrote. */
export function readSessionItem(key: string): string | undefined {
  return getItem('sessionStorage', key) ?? undefined;
}

export function writeItem(key: string, value: string): void {
  for (const area of AREAS) setItem(area, key, value);
}

/** Keeps string values and stringifies numbers and booleans; anything else is not a header. */
export function toHeaderSign(value: unknown): HeaderSign | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const headers: HeaderSign = {};
  for (const [name, item] of Object.entries(value)) {
    if (typeof item === 'string') headers[name] = item;
    else if (typeof item === 'number' || typeof item === 'boolean') headers[name] = String(item);
  }
  return headers;
}

function parseHeaderSign(raw: string | null): HeaderSign | undefined {
  if (raw === null) return undefined;
  try {
    return toHeaderSign(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export function readHeaderSign(): HeaderSign {
  for (const area of AREAS) {
    const headers = parseHeaderSign(getItem(area, STORAGE_KEYS.headerSign));
    if (headers) return headers;
  }
  return {};
}

const listeners = new Set<() => void>();

export function subscribeHeaderSign(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells the server whether to paint pages for a logged-in visitor (contracts' LOGIN_HINT_COOKIE). */
export function syncLoginHint(): void {
  document.cookie = isLoggedIn()
    ? `${LOGIN_HINT_COOKIE}=1; path=/; max-age=31536000; SameSite=Lax`
    : `${LOGIN_HINT_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

export function writeHeaderSign(headers: HeaderSign): void {
  writeItem(STORAGE_KEYS.headerSign, JSON.stringify(headers));
  syncLoginHint();
  for (const listener of [...listeners]) listener();
}

/** Merges into the stored headers; an undefined value removes that header. */
export function patchHeaderSign(partial: Partial<HeaderSign>): void {
  const next: HeaderSign = { ...readHeaderSign() };
  for (const [name, value] of Object.entries(partial)) {
    if (value === undefined) delete next[name];
    else next[name] = value;
  }
  writeHeaderSign(next);
}

export function getAuthorization(): string {
  return readHeaderSign()[AUTHORIZATION] ?? '';
}

export function setAuthorization(token: string): void {
  patchHeaderSign({ [AUTHORIZATION]: token });
}

export function clearAuthorization(): void {
  patchHeaderSign({ [AUTHORIZATION]: undefined });
}

/** SPEC §4: logged in means a non-empty stored Authorization. */
export function isLoggedIn(): boolean {
  return getAuthorization() !== '';
}

/**
 * The login state a page painted on the server was painted with: the server render and the
 * hydration start from it, then the stored login takes over.
 */
export const PaintedLoginContext = createContext(false);

export function useIsLoggedIn(): boolean {
  const painted = useContext(PaintedLoginContext);
  return useSyncExternalStore(subscribeHeaderSign, isLoggedIn, () => painted);
}

export function readSoftwareType(): number | undefined {
  const raw = readItem(STORAGE_KEYS.softwareType);
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

export function writeSoftwareType(channel: number): void {
  writeItem(STORAGE_KEYS.softwareType, String(channel));
}

export function readPackageName(): string | undefined {
  return readItem(STORAGE_KEYS.packageName);
}

export function writePackageName(pkg: string): void {
  writeItem(STORAGE_KEYS.packageName, pkg);
}

export function readStatusBarHeight(): number {
  const value = Number(readItem(STORAGE_KEYS.statusBarHeight) ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function writeStatusBarHeight(height: number): void {
  writeItem(STORAGE_KEYS.statusBarHeight, String(height));
}
