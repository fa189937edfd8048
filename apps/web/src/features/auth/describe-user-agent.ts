const systems: ReadonlyArray<readonly [RegExp, string]> = [
  [/HarmonyOS|OpenHarmony/i, '鸿蒙'],
  [/Android/i, 'Android'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Windows/i, 'Windows'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/Linux/i, 'Linux'],
];

const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  [/MicroMessenger/i, '微信'],
  [/Edg\//i, 'Edge 浏览器'],
  [/Firefox\//i, 'Firefox 浏览器'],
  [/Chrome\/|Chromium\//i, 'Chrome 浏览器'],
  [/Safari\//i, 'Safari 浏览器'],
];

/** "Chrome 浏览器 · Windows": enough for a user to recognise their own device. */
export function describeUserAgent(userAgent: string): string {
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(' · ') || '未知设备';
}
