import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPathWithSearch, navigateTo, setNavigator } from './navigation';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('navigation', () => {
  it('uses the registered router navigate function', () => {
    const navigate = vi.fn();
    const unregister = setNavigator(navigate);
    navigateTo('/wallet', { replace: true });
    expect(navigate).toHaveBeenCalledWith('/wallet', { replace: true });
    unregister();
  });

  it('falls back to a page load when no router is registered', () => {
    const location = { assign: vi.fn(), replace: vi.fn() };
    vi.stubGlobal('location', location);
    navigateTo('/download');
    navigateTo('/h5Login', { replace: true });
    expect(location.assign).toHaveBeenCalledWith('/download');
    expect(location.replace).toHaveBeenCalledWith('/h5Login');
  });

  it('unregistering keeps a newer registration', () => {
    const first = vi.fn();
    const second = vi.fn();
    const unregisterFirst = setNavigator(first);
    const unregisterSecond = setNavigator(second);
    unregisterFirst();
    navigateTo('/x');
    expect(second).toHaveBeenCalledWith('/x', undefined);
    expect(first).not.toHaveBeenCalled();
    unregisterSecond();
  });

  it('reports the current path with its query', () => {
    window.history.replaceState(null, '', '/goodsDetail?goods_id=7#top');
    expect(currentPathWithSearch()).toBe('/goodsDetail?goods_id=7');
  });
});
