import { afterEach, describe, expect, it } from 'vitest';
import { takeServerRenderData } from './server-render-data';

afterEach(() => {
  document.body.innerHTML = '';
});

function page(json: string): void {
  document.body.innerHTML = `<div id="root"><p>x</p></div><script type="application/json" id="server-render-data">${json}</script>`;
}

describe('the data a painted page was painted with', () => {
  it('is read once and removed from the page', () => {
    page('{"loggedIn":true,"queries":{"queries":[],"mutations":[]},"loaderData":{"0":null,"0-3":null}}');
    expect(takeServerRenderData()).toEqual({
      loggedIn: true,
      queries: { queries: [], mutations: [] },
      loaderData: { '0': null, '0-3': null },
    });
    expect(document.getElementById('server-render-data')).toBeNull();
    expect(takeServerRenderData()).toBeUndefined();
  });

  it('is ignored when it is not what the server writes (the client then draws the page)', () => {
    for (const json of [
      '{',
      '{"queries":{"queries":[],"mutations":[]},"loaderData":{}}',
      '{"loggedIn":false,"queries":{},"loaderData":{}}',
    ]) {
      page(json);
      expect(takeServerRenderData()).toBeUndefined();
    }
  });

  it('is absent on a page the client draws', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(takeServerRenderData()).toBeUndefined();
  });
});
