import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('returns in-app paths with their query', () => {
    expect(redirectTarget('/wallet?tab=bills')).toBe('/wallet?tab=bills');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'wallet'])(
    'refuses %j and goes home',
    (raw) => expect(redirectTarget(raw)).toBe('/'),
  );

  it('never returns to the login page itself', () => {
    expect(redirectTarget('/h5Login?redirect=/wallet')).toBe('/');
  });
});
