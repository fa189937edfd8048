import { isNativeApp } from './channel';
import { bridge } from './native-bridge';
import { currentPathWithSearch, navigateTo } from './navigation';
import { clearAuthorization } from './storage';

export const LOGIN_PATH = '/h5Login';

function isLoginPath(pathWithSearch: string): boolean {
  return pathWithSearch === LOGIN_PATH || pathWithSearch.startsWith(`${LOGIN_PATH}?`);
}

/** SPEC §4: native apps log in themselves; on the web the token is dropped and /h5Login opens. */
export function startLoginFlow(redirectTo: string = currentPathWithSearch()): void {
  if (isNativeApp()) {
    bridge.login();
    return;
  }
  clearAuthorization();
  if (window.location.pathname === LOGIN_PATH) return;
  const target = isLoginPath(redirectTo) ? '/' : redirectTo;
  navigateTo(`${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`);
}
