import { describe, expect, it } from 'vitest';
import { downloadPath, isPlatform, platformOf } from './platforms';

describe('platforms', () => {
  it('recognises the device platform from the user agent', () => {
    expect(platformOf('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Phone; OpenHarmony 4.0) ArkWeb/4.1 HarmonyOS')).toBe('harmony');
    expect(platformOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBeUndefined();
  });

  it('accepts only known ?os= values', () => {
    expect(isPlatform('ios')).toBe(true);
    expect(isPlatform('windows')).toBe(false);
    expect(isPlatform(null)).toBe(false);
    expect(downloadPath('harmony')).toBe('/download?os=harmony');
  });
});
