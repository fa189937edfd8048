import type { Platform } from './messages';

export const platforms: readonly Platform[] = ['android', 'ios', 'harmony'];

export function isPlatform(value: string | null): value is Platform {
  return value !== null && (platforms as readonly string[]).includes(value);
}

/** The platform of the device looking at the page, to recommend its button. */
export function platformOf(userAgent: string): Platform | undefined {
  if (/HarmonyOS|OpenHarmony/i.test(userAgent)) return 'harmony';
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  return undefined;
}

export function downloadPath(platform: Platform): string {
  return `/download?os=${platform}`;
}
