import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './describe-user-agent';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
      'Chrome 浏览器 · Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
      'Safari 浏览器 · iOS',
    ],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 MicroMessenger/8.0', '微信 · Android'],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0',
      'Edge 浏览器 · Windows',
    ],
    ['curl/8.0', '未知设备'],
  ])('%s → %s', (userAgent, expected) => expect(describeUserAgent(userAgent)).toBe(expected));
});
