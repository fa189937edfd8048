import { describe, expect, it } from 'vitest';
import { decideAccess } from './access';

const wallet = { path: '/wallet', login: true };
const home = { path: '/', login: false };
const businessPay = { path: '/businessPay', login: false };

describe('decideAccess', () => {
  it('lets anyone into routes without L', () => {
    expect(decideAccess(home, '/', { loggedIn: false, native: false })).toEqual({ kind: 'allow' });
  });

  it('sends anonymous web users of an L route to /h5Login with where they were going', () => {
    expect(decideAccess(wallet, '/wallet?tab=bills', { loggedIn: false, native: false })).toEqual({
      kind: 'redirect',
      to: '/h5Login?redirect=%2Fwallet%3Ftab%3Dbills',
    });
  });

  it('asks the native app to log in instead of redirecting', () => {
    expect(decideAccess(wallet, '/wallet', { loggedIn: false, native: true })).toEqual({
      kind: 'native-login',
    });
  });

  it('lets logged-in users into L routes', () => {
    expect(decideAccess(wallet, '/wallet', { loggedIn: true, native: false })).toEqual({ kind: 'allow' });
  });

  it('sends /businessPay home outside native apps', () => {
    expect(decideAccess(businessPay, '/businessPay', { loggedIn: true, native: false })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideAccess(businessPay, '/businessPay', { loggedIn: true, native: true })).toEqual({
      kind: 'allow',
    });
  });

  it('allows unknown addresses through to the not-found screen', () => {
    expect(decideAccess(undefined, '/nope', { loggedIn: false, native: false })).toEqual({ kind: 'allow' });
  });
});
