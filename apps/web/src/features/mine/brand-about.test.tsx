import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writePackageName } from '@/core/storage';
import { BrandAbout } from './brand-about';

describe('关于 on /mine', () => {
  it('names the consumer app and its edition', () => {
    writePackageName('app_thw');
    render(<BrandAbout />);
    const about = screen.getByRole('region', { name: '关于' });
    expect(about.dataset.edition).toBe('consumer');
    expect(within(about).getByText('淘号玩')).toBeTruthy();
    expect(within(about).getByText('用户版')).toBeTruthy();
    expect(within(about).getByText('游戏账号租赁，上号即玩')).toBeTruthy();
    expect(within(about).queryByText(/商家工作台/)).toBeNull();
  });

  it('recognises the merchant edition', () => {
    writePackageName('app_thb');
    render(<BrandAbout />);
    const about = screen.getByRole('region', { name: '关于' });
    expect(about.dataset.edition).toBe('merchant');
    expect(within(about).getByText('淘号号商家版')).toBeTruthy();
    expect(within(about).getByText('商家版')).toBeTruthy();
    expect(within(about).getByText(/商家工作台即将开放/)).toBeTruthy();
  });
});
