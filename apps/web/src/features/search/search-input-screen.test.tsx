import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, type Keywords } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { addSearchHistory, readSearchHistory } from './search-history';
import SearchInputScreen from './search-input-screen';

const fake = setupFakeApi();

const hot: Keywords = { hot: ['王者荣耀', '原神'], suggestions: [] };
const suggested: Keywords = {
  hot: [],
  suggestions: [
    { text: '王者荣耀', kind: 'game', game_id: 1, marks: [[0, 2]] },
    { text: '王者 典藏皮肤', kind: 'keyword', game_id: null, marks: [[0, 2]] },
  ],
};

function serve() {
  fake.on(apiPaths.homeKeyword, ({ query }) => (query.keyword === undefined ? hot : suggested));
}

const renderInput = (url = '/search_input') =>
  renderScreen('/search_input', <SearchInputScreen />, {
    url,
    otherPaths: ['/search_goods_list', '/productList'],
  });

describe('/search_input', () => {
  it('shows hot keywords and the history, and clears the history after confirmation', async () => {
    serve();
    addSearchHistory('和平精英');
    renderInput();
    expect(await screen.findByRole('button', { name: /王者荣耀/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '和平精英' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '和平精英' })).toBeNull());
    expect(readSearchHistory()).toEqual([]);
  });

  it('asks for suggestions once typing pauses for 500 ms, with the matched words marked', async () => {
    serve();
    renderInput();
    const input = screen.getByPlaceholderText('搜索游戏/商品');
    fireEvent.change(input, { target: { value: '王' } });
    fireEvent.change(input, { target: { value: '王者' } });
    const list = await screen.findByRole('list', { name: '搜索联想' });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(list.querySelector('mark')?.textContent).toBe('王者');
    const suggestionCalls = fake.calls(apiPaths.homeKeyword).filter((call) => call.rawQuery.keyword);
    expect(suggestionCalls.map((call) => call.rawQuery.keyword)).toEqual(['王者']);
  });

  it("a game suggestion opens that game's list", async () => {
    serve();
    const { router } = renderInput();
    fireEvent.change(screen.getByPlaceholderText('搜索游戏/商品'), { target: { value: '王者' } });
    fireEvent.click(await screen.findByRole('button', { name: /王者荣耀\s*游戏/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productList'));
    expect(router.state.location.search).toBe('?game_id=1');
  });

  it('submitting searches, remembers the word, and refuses an empty word', async () => {
    serve();
    const { router } = renderInput();
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(router.state.location.pathname).toBe('/search_input');
    fireEvent.change(screen.getByPlaceholderText('搜索游戏/商品'), { target: { value: ' 王者 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search_goods_list'));
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('王者');
    expect(readSearchHistory()).toEqual(['王者']);
  });

  it('Enter in the field searches once', async () => {
    serve();
    const { router } = renderInput();
    const input = screen.getByPlaceholderText('搜索游戏/商品');
    fireEvent.change(input, { target: { value: '原神' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/search_goods_list'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.key).not.toBe('default');
    expect(readSearchHistory()).toEqual(['原神']);
  });

  it('starts from the keyword it was opened with, and still works when hot words fail', async () => {
    fake.on(apiPaths.homeKeyword, reply.network);
    renderInput(`/search_input?keyword=${encodeURIComponent('原神')}`);
    expect(screen.getByPlaceholderText<HTMLInputElement>('搜索游戏/商品').value).toBe('原神');
    await waitFor(() => expect(fake.requests.length).toBeGreaterThan(0));
    expect(screen.queryByText('热门搜索')).toBeNull();
  });
});
