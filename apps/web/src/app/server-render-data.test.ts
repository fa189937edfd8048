import { afterEach, describe, expect, it } from 'vitest';
import { takePaintedPage } from './server-render-data';

afterEach(() => {
  document.body.innerHTML = '';
});

const DATA = '{"loggedIn":true,"queries":{"queries":[],"mutations":[]},"loaderData":{"0":null,"0-3":null}}';

/** A page as the server sends it: the painting in #root, then its data. */
function painted(json: string, brand = 'app_thh'): HTMLElement {
  document.body.innerHTML = `<div id="root" data-painted-brand="${brand}"><p>x</p></div><script type="application/json" id="server-render-data">${json}</script>`;
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  return root;
}

describe('a page the server painted', () => {
  it('is taken over with its data by a visitor of the brand it was painted as, the data read once', () => {
    const root = painted(DATA);
    expect(takePaintedPage(root, 'app_thh')).toEqual({
      loggedIn: true,
      queries: { queries: [], mutations: [] },
      loaderData: { '0': null, '0-3': null },
    });
    expect(document.getElementById('server-render-data')).toBeNull();
    expect(root.innerHTML).toBe('<p>x</p>');
    expect(root.hasAttribute('data-painted-brand')).toBe(false);
    expect(takePaintedPage(root, 'app_thh')).toBeUndefined();
  });

  it("is removed for a tab of another brand, whose client draws the page as that brand's", () => {
    const root = painted(DATA);
    expect(takePaintedPage(root, 'app_kxr')).toBeUndefined();
    expect(root.childNodes).toHaveLength(0);
    expect(root.hasAttribute('data-painted-brand')).toBe(false);
    expect(document.getElementById('server-render-data')).toBeNull();
  });

  it('is removed when its data is not what the server writes (the client then draws the page)', () => {
    for (const json of [
      '{',
      '{"queries":{"queries":[],"mutations":[]},"loaderData":{}}',
      '{"loggedIn":false,"queries":{},"loaderData":{}}',
    ]) {
      const root = painted(json);
      expect(takePaintedPage(root, 'app_thh')).toBeUndefined();
      expect(root.childNodes).toHaveLength(0);
    }
  });

  it('is absent on a page the client draws', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root');
    expect(takePaintedPage(root, 'app_thh')).toBeUndefined();
  });
});
