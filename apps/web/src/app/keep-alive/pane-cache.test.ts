import { describe, expect, it } from 'vitest';
import { NavigationType, type Location } from 'react-router';
import { rememberPane, type CachedPane } from './pane-cache';

function pane(key: string): Omit<CachedPane, 'usedAt'> {
  const location: Location = { pathname: key, search: '', hash: '', state: null, key };
  return {
    key,
    element: null,
    location,
    navigationType: NavigationType.Push,
    meta: { path: key, title: key, keepAlive: true },
  };
}

describe('rememberPane', () => {
  it('keeps first-seen order and replaces a pane in place', () => {
    let panes = rememberPane([], pane('/a'));
    panes = rememberPane(panes, pane('/b'));
    panes = rememberPane(panes, pane('/a'));
    expect(panes.map((cached) => cached.key)).toEqual(['/a', '/b']);
    expect(panes[0]?.usedAt).toBeGreaterThan(panes[1]?.usedAt ?? Infinity);
  });

  it('drops the least recently used pane beyond the limit', () => {
    let panes = rememberPane([], pane('/a'), 2);
    panes = rememberPane(panes, pane('/b'), 2);
    panes = rememberPane(panes, pane('/a'), 2);
    panes = rememberPane(panes, pane('/c'), 2);
    expect(panes.map((cached) => cached.key)).toEqual(['/a', '/c']);
  });
});
