import type { RenderAnswer, RenderCall } from '@haoshi/contracts';
import { describe, expect, it } from 'vitest';
import { renderPage } from './render-page';

const origin = 'http://haoshi.test';
const refuseCalls = async (request: RenderCall): Promise<RenderAnswer> => {
  throw new Error(`unexpected call ${request.url}`);
};

describe('the server render of a page', () => {
  it("paints a guest's /mine with the login entry, and no data calls", async () => {
    const page = await renderPage(`${origin}/mine`, refuseCalls, { loggedIn: false });
    expect(page?.html).toContain('class="mine"');
    expect(page?.html).toContain('mine__login');
    // ~28 KB of markup in many chunks, Chinese throughout: no character broken at a chunk's end.
    expect(page?.html).not.toContain('\uFFFD');
    expect(page?.html).toContain('隐私政策');
    expect(page?.data.loggedIn).toBe(false);
    expect(page?.data.loaderData).toEqual(expect.any(Object));
  });

  it("paints a logged-in visitor's /mine as their account loading, without their data", async () => {
    const page = await renderPage(`${origin}/mine`, refuseCalls, { loggedIn: true });
    expect(page?.html).toContain('mine__account" aria-busy="true"');
    expect(page?.html).not.toContain('mine__login');
    expect(page?.data.loggedIn).toBe(true);
  });

  it('declines a page whose data could not be had, rather than paint an error', async () => {
    const failing = async (): Promise<RenderAnswer> => ({ status: 502, headers: {}, body: '' });
    expect(await renderPage(`${origin}/goodsDetail?goods_id=1`, failing, { loggedIn: false })).toBeNull();
  });

  it('answers each render’s calls from that render’s caller when renders overlap', async () => {
    const seen: string[] = [];
    const caller =
      (name: string) =>
      async (request: RenderCall): Promise<RenderAnswer> => {
        seen.push(`${name} ${request.url.split('?')[0] ?? ''}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { status: 502, headers: {}, body: '' };
      };
    await Promise.all([
      renderPage(`${origin}/goodsDetail?goods_id=1`, caller('a'), { loggedIn: false }),
      renderPage(`${origin}/search_goods_list?keyword=x`, caller('b'), { loggedIn: false }),
    ]);
    expect(seen.filter((call) => call.startsWith('a ')).every((call) => call.includes('/app/goods/'))).toBe(
      true,
    );
    expect(seen.some((call) => call === 'b /app/goods/list/filter')).toBe(true);
    expect(seen.some((call) => call.startsWith('a /app/goods/list/filter'))).toBe(false);
  });
});
