import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_SIGN_KEY, deviceSignKeyLength, deviceSignKeyProblem } from './device-constants.ts';

describe('deviceSignKeyProblem', () => {
  it.each([['0123456789abcdef'], [DEFAULT_DEVICE_SIGN_KEY], ['密钥密钥密钥密钥密钥1a']])(
    'accepts %j (16 or 32 bytes)',
    (key) => expect(deviceSignKeyProblem(key)).toBeUndefined(),
  );

  it.each([
    ['0123456789abcdef01234567', 24],
    ['fifteen-bytes!!', 15],
    ['x'.repeat(33), 33],
    ['', 0],
    // Eleven Chinese characters: 11 characters but 33 UTF-8 bytes.
    ['密'.repeat(11), 33],
  ])('refuses %j, naming its byte length', (key, length) => {
    const problem = deviceSignKeyProblem(key);
    expect(problem).toContain('DEVICE_SIGN_KEY must be 16 or 32 bytes');
    expect(problem).toContain(`got ${length} bytes`);
  });
});

describe('deviceSignKeyLength', () => {
  it.each([
    ['abc', 3],
    ['é', 2],
    ['密钥', 6],
    ['😀x', 5],
    // A lone surrogate becomes U+FFFD on encoding: three bytes.
    ['\ud800', 3],
    ['', 0],
  ])('counts the UTF-8 bytes of %j: %i', (key, length) => {
    expect(deviceSignKeyLength(key)).toBe(length);
  });
});
