import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, type IntelligenceItem } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import ForumDetailsScreen from './forum-details-screen';
import { renderScreen } from './goods-detail.test-support';

const fake = setupFakeApi();

const article: IntelligenceItem = {
  id: 3,
  game_id: null,
  game_name: '',
  title: '如何判断账号能否二次实名',
  summary: '摘要',
  content: '第一段说明。\n\n第二段说明。',
  cover: '',
  views: 120,
  published_at: '2026-11-20T08:00:00.000Z',
};

describe('/forumDetails', () => {
  it('shows an intelligence article paragraph by paragraph', async () => {
    fake.on(apiPaths.intelligence, () => ({ list: [article], total: 1, page: 1, page_size: 1 }));
    renderScreen(ForumDetailsScreen, '/forumDetails?id=3');
    expect(await screen.findByRole('heading', { name: '如何判断账号能否二次实名' })).toBeTruthy();
    expect(screen.getByText('第一段说明。')).toBeTruthy();
    expect(screen.getByText('第二段说明。')).toBeTruthy();
    expect(screen.getByText('120 阅读')).toBeTruthy();
    expect(fake.requests[0]?.url).toBe('/app/intelligence?id=3&page=1&page_size=1');
  });

  it('shows a notice through /app/notice/detail', async () => {
    fake.on(apiPaths.noticeDetail, () => ({
      id: 1,
      title: '防骗提醒',
      category: '安全',
      pinned: true,
      published_at: '2026-11-01T00:00:00Z',
      content: '请勿私下交易。',
    }));
    renderScreen(ForumDetailsScreen, '/forumDetails?notice_id=1');
    expect(await screen.findByRole('heading', { name: '防骗提醒' })).toBeTruthy();
    expect(screen.getByText('安全')).toBeTruthy();
    expect(fake.requests[0]?.url).toBe('/app/notice/detail?id=1');
  });

  it('says the article is gone when the server does not know it', async () => {
    fake.on(apiPaths.intelligence, () => reply.error(1010, '资讯不存在或已删除'));
    renderScreen(ForumDetailsScreen, '/forumDetails?id=999');
    expect(await screen.findByTestId('article-not-found')).toBeTruthy();
  });

  it('asks for an id when there is none, without calling the server', () => {
    renderScreen(ForumDetailsScreen, '/forumDetails');
    expect(screen.getByTestId('article-missing')).toBeTruthy();
    expect(fake.requests).toHaveLength(0);
  });

  it('offers a retry when loading fails', async () => {
    fake.on(apiPaths.intelligence, () => reply.error(1099, '服务繁忙'));
    renderScreen(ForumDetailsScreen, '/forumDetails?id=3');
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(fake.requests).toHaveLength(2));
  });
});
