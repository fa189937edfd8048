import type { ProvinceNode } from '@haoshi/contracts';
import { callNative } from '@/core/native-bridge';

/** The page function the app calls back with the location (SPEC §3 "location (get and request)"). */
export const LOCATION_CALLBACK = '__haoshiOnLocation';

/** What the app answers: codes or names of the province and city, or a refusal. */
export interface NativeLocation {
  province?: string;
  city?: string;
  province_code?: string;
  city_code?: string;
  denied?: boolean;
}

type LocationWindow = Window & { [LOCATION_CALLBACK]?: (json: string) => void };

/**
 * Asks the host app for the location; `onAnswer` gets what it answered (once). False when the page
 * is not inside an app that can answer (the bridge then shows the download page).
 */
export function requestNativeLocation(onAnswer: (location: NativeLocation) => void): boolean {
  const target = window as LocationWindow;
  target[LOCATION_CALLBACK] = (json: string) => {
    delete target[LOCATION_CALLBACK];
    try {
      onAnswer(JSON.parse(json) as NativeLocation);
    } catch {
      onAnswer({ denied: true });
    }
  };
  return callNative('getLocation', { callback: LOCATION_CALLBACK });
}

const sameName = (a: string, b: string) => a === b || a.replace(/[省市]$/, '') === b.replace(/[省市]$/, '');

/** The province and city of the area data the app's answer names (by code, else by name). */
export function matchRegion(
  areas: readonly ProvinceNode[],
  location: NativeLocation,
): { province_code: string; city_code: string } | undefined {
  const province = areas.find(
    (node) =>
      node.code === location.province_code ||
      (location.province !== undefined && sameName(node.name, location.province)),
  );
  const city = province?.children.find(
    (node) =>
      node.code === location.city_code || (location.city !== undefined && sameName(node.name, location.city)),
  );
  return province && city ? { province_code: province.code, city_code: city.code } : undefined;
}
