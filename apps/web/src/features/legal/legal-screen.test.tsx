import {
  brands,
  feeSchedule,
  legalVariants,
  rateFee,
  sincerityKindLabels,
  sincerityKinds,
  sincerityLevels,
} from '@haoshi/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { writePackageName } from '@/core/storage';
import { formatRate, formatYuan } from '@/core/amount';
import LegalScreen from './legal-screen';
import { legalRoutes } from './legal-routes';
import { agreementPath, privacyPath, variantBrandNames } from './legal-variants';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LegalScreen />
    </MemoryRouter>,
  );
}

const legalPaths = new Set(legalRoutes.map((route) => route.path));

describe('every legal path', () => {
  it.each(legalRoutes.map((route) => [route.path, route.title]))(
    '%s renders its title and sections',
    (path, title) => {
      const { container } = renderAt(path);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(title);
      expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
      const text = container.textContent ?? '';
      expect(text).not.toMatch(/TODO|lorem|占位|待补充|xxx/i);
      for (const link of container.querySelectorAll('a.legal-doc__link')) {
        expect(legalPaths, `${path} links to ${link.getAttribute('href')}`).toContain(
          link.getAttribute('href'),
        );
      }
    },
  );

  it('shows the not-found screen for a path without a document', () => {
    renderAt('/noSuchLegalPage');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByText('页面不存在')).toBeTruthy();
  });
});

describe('per-brand variants', () => {
  it.each(legalVariants.map((variant) => [variant, variantBrandNames[variant]]))(
    '%s names its own brand %s',
    (variant, brandName) => {
      for (const path of [privacyPath(variant), agreementPath(variant)]) {
        const { container, unmount } = renderAt(path);
        expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(brandName);
        const intro = container.querySelector('.legal-doc__paragraph')?.textContent ?? '';
        expect(intro).toContain(brandName);
        unmount();
      }
    },
  );

  it('gives every variant its own brand-specific sections', () => {
    const headings = legalVariants.map((variant) => {
      const { unmount } = renderAt(privacyPath(variant));
      const all = screen
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent)
        .join('|');
      unmount();
      return all;
    });
    expect(new Set(headings).size).toBe(legalVariants.length);
  });

  it.each([
    ['/privacy', '隐私政策'],
    ['/serviceAgreement', '用户服务协议'],
  ])('%s shows the current brand’s variant', (path, suffix) => {
    const first = renderAt(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${variantBrandNames.thh}${suffix}`);
    first.unmount();

    writePackageName('app_thw');
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      `${variantBrandNames[brands.app_thw.legalVariant]}${suffix}`,
    );
  });
});

describe('/serviceFee', () => {
  function tableAfter(heading: string): HTMLElement {
    const section = screen.getByRole('heading', { level: 2, name: heading }).closest('section');
    if (section === null) throw new Error(`no section ${heading}`);
    return within(section).getByRole('table');
  }

  function rowCells(table: HTMLElement, firstCell: string): string[] {
    const row = within(table).getByText(firstCell).closest('tr');
    if (row === null) throw new Error(`no row ${firstCell}`);
    return [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
  }

  function columnNames(table: HTMLElement): string[] {
    return within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent ?? '');
  }

  it('renders the trade fees from the contracts’ fee schedule', () => {
    renderAt('/serviceFee');
    const table = tableAfter('二、交易服务费');
    const { guaranteedTrade, rental, recycle } = feeSchedule;
    const rules = [guaranteedTrade, rental, recycle];
    expect(columnNames(table)).toEqual(['项目', '担保交易', '租号', '账号回收']);
    expect(rowCells(table, '费率').slice(1)).toEqual(rules.map((rule) => formatRate(rule.rateBp)));
    expect(rowCells(table, '单笔最低').slice(1)).toEqual(rules.map((rule) => formatYuan(rule.minFen)));
    expect(rowCells(table, '单笔最高').slice(1)).toEqual(
      rules.map((rule) => (rule.maxFen === null ? '不设上限' : formatYuan(rule.maxFen))),
    );
  });

  it('renders withdrawal, sincerity deposit, promotion and compensation prices from the schedule', () => {
    renderAt('/serviceFee');
    const { withdrawal, promotion, compensation } = feeSchedule;
    const withdrawals = tableAfter('三、提现手续费');
    expect(rowCells(withdrawals, '手续费率')[1]).toBe(formatRate(withdrawal.rateBp));
    expect(rowCells(withdrawals, '每日免费额度')[1]).toBe(formatYuan(withdrawal.dailyFreeQuotaFen));
    // The deposit's levels are what the server asks for (sincerity.ts), one row each.
    const deposits = tableAfter('四、诚意金');
    for (const kind of sincerityKinds)
      for (const level of sincerityLevels[kind])
        expect(rowCells(deposits, `${level.name}（${sincerityKindLabels[kind]}）`)[1]).toBe(
          formatYuan(level.requiredFen),
        );
    const packages = within(tableAfter('五、推广服务')).getAllByRole('row').slice(1);
    expect(packages.map((row) => row.textContent)).toEqual(
      promotion.packages.map((p, i) => `套餐${i + 1}${formatYuan(p.payFen)}${formatYuan(p.creditFen)}`),
    );
    expect(rowCells(tableAfter('六、推广计费标准'), '每次有效点击')[1]).toBe(
      formatYuan(promotion.clickPriceFen),
    );
    const options = tableAfter('七、包赔服务费');
    expect(columnNames(options).slice(1)).toEqual(compensation.map((option) => option.name));
    expect(rowCells(options, '费率').slice(1)).toEqual(
      compensation.map((option) => formatRate(option.rateBp)),
    );
    expect(rowCells(options, '最低收取').slice(1)).toEqual(
      compensation.map((option) => formatYuan(option.minFen)),
    );
  });

  it('computes the worked examples with the contracts’ fee function', () => {
    renderAt('/serviceFee');
    const price = 100_000;
    expect(rowCells(tableAfter('八、计费示例'), `担保交易，成交价${formatYuan(price)}`)[1]).toBe(
      formatYuan(rateFee(price, feeSchedule.guaranteedTrade)),
    );
  });
});

describe('navigation inside documents', () => {
  it('follows a link to another legal page', () => {
    renderAt('/tradeRules');
    fireEvent.click(screen.getAllByRole('link', { name: '《服务费说明》' })[0] as HTMLElement);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('服务费说明');
  });

  it('scrolls to a section from the table of contents without navigating', () => {
    // jsdom does not lay out pages, so scrolling is observed through a stand-in.
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    const scrollIntoView = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value: scrollIntoView,
      configurable: true,
      writable: true,
    });
    try {
      renderAt('/tradeRules');
      const toc = screen.getByRole('navigation', { name: '目录' });
      fireEvent.click(within(toc).getByRole('link', { name: '四、议价' }));
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(
        screen.getByRole('heading', { level: 2, name: '四、议价' }),
      );
    } finally {
      if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
      else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('renders the tutorial as numbered steps', () => {
    const { container } = renderAt('/rentCourse');
    const steps = [...container.querySelectorAll('.adm-step-title')].map((step) => step.textContent);
    expect(steps.length).toBeGreaterThanOrEqual(5);
    steps.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. `)));
  });
});
