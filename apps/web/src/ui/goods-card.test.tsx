import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { searchHit } from '@/core/goods-fixtures.test-support';
import { writePackageName } from '@/core/storage';
import { GoodsCard, GoodsListSkeleton } from './goods-card';
import { shortAmount } from '@/core/amount';
import { HighlightText } from './highlight-text';

describe('GoodsCard', () => {
  it('links to the detail and shows game, partition, platform, tags, prices and counts', () => {
    render(
      <MemoryRouter>
        <GoodsCard
          goods={searchHit(42, {
            title: '王者荣耀 荣耀王者',
            title_marks: [[0, 2]],
            tags: ['bargain', 'official_shots', 'rebind'],
            price: '1280.00',
            original_price: '1500.50',
            favourites: 12345,
            views: 7,
          })}
        />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('goods-card');
    expect(card.getAttribute('href')).toBe('/goodsDetail?goods_id=42');
    expect(card.querySelector('mark')?.textContent).toBe('王者');
    // A vector cover is used as it is; raster covers get resized WebP copies (core/image).
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/uploads/demo/covers/42.svg');
    expect(within(card).getByText(/苹果QQ区/).textContent).toContain('苹果');
    const tags = within(within(card).getByRole('list', { name: '标签' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(tags).toEqual(['官方截图', '可换绑', '可议价']);
    expect(within(card).getByLabelText('价格1280元')).toBeTruthy();
    expect(within(card).getByLabelText('原价1500.50元')).toBeTruthy();
    expect(within(card).getByText('1.2万收藏 · 7浏览')).toBeTruthy();
  });

  it.each([
    ['app_kxr', '/kxrGoodsDetail?goods_id=5'],
    ['app_thw', '/thwGoodsDetail?goods_id=5'],
    ['app_mhb', '/mhbProductCommon?goods_id=5'],
    ['app_mhw', '/goodsDetail?goods_id=5'],
  ] as const)('as %s opens %s, its brand detail variant', (pkg, path) => {
    writePackageName(pkg);
    render(
      <MemoryRouter>
        <GoodsCard goods={searchHit(5)} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('goods-card').getAttribute('href')).toBe(path);
  });

  it('has a skeleton that announces loading', () => {
    render(<GoodsListSkeleton count={2} />);
    expect(screen.getByLabelText('加载中').children).toHaveLength(2);
  });
});

describe('HighlightText', () => {
  it('clips bad marks instead of garbling the text', () => {
    const { container } = render(
      <HighlightText
        text="王者荣耀"
        marks={[
          [2, 9],
          [0, 1],
          [1, 3],
        ]}
      />,
    );
    expect(container.textContent).toBe('王者荣耀');
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      '王',
      '者荣',
      '耀',
    ]);
  });
});

describe('shortAmount', () => {
  it('drops .00 only', () => {
    expect(shortAmount('1280.00')).toBe('1280');
    expect(shortAmount('12.50')).toBe('12.50');
  });
});
