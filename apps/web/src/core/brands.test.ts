import { brands } from '@haoshi/contracts';
import { describe, expect, it } from 'vitest';
import {
  appTypeOf,
  brandOf,
  editionOf,
  getCurrentBrand,
  getCurrentPackage,
  goodsDetailPath,
  goodsShareLink,
  goodsShareText,
  isMerchantEdition,
  storedPackageOf,
} from './brands';
import { writePackageName } from './storage';

describe('package mappings (SPEC §9)', () => {
  it.each([
    ['app_mhb', 'app_mhb', 'app_mhb'],
    ['app_kxr', 'app_kxr', 'app_kxr'],
    ['app_thb', 'app_thb', 'app_thb'],
    [undefined, 'app_thh', 'app_thh'],
    ['', 'app_thh', 'app_thh'],
    ['app_unknown', 'app_thh', 'app_kxr'],
    ['APP_MHB', 'app_thh', 'app_kxr'],
  ])('pkg %j → app type %s, stored package %s', (pkg, appType, stored) => {
    expect(appTypeOf(pkg)).toBe(appType);
    expect(storedPackageOf(pkg)).toBe(stored);
  });

  it('brandOf gives the brand of the app type', () => {
    expect(brandOf('app_mhw')).toBe(brands.app_mhw);
    expect(brandOf('nope')).toBe(brands.app_thh);
  });
});

describe('current brand', () => {
  it('defaults to the main app', () => {
    expect(getCurrentPackage()).toBe('app_thh');
    expect(getCurrentBrand().name).toBe(brands.app_thh.name);
    expect(isMerchantEdition()).toBe(false);
  });

  it('follows the stored package', () => {
    writePackageName('app_tyb');
    expect(getCurrentPackage()).toBe('app_tyb');
    expect(getCurrentBrand()).toBe(brands.app_tyb);
  });

  it('ignores a stored package that is not one of the eight', () => {
    writePackageName('garbage');
    expect(getCurrentPackage()).toBe('app_thh');
  });

  it('recognises the merchant edition', () => {
    writePackageName('app_thb');
    expect(isMerchantEdition()).toBe(true);
  });
});

describe('editions', () => {
  it('only the merchant package is the merchant edition', () => {
    expect(Object.values(brands).filter((brand) => editionOf(brand) === 'merchant')).toEqual([
      brands.app_thb,
    ]);
  });
});

describe('where a listing opens (SPEC §2 brand variants)', () => {
  it.each([
    ['app_kxr', '/kxrGoodsDetail?goods_id=7'],
    ['app_thw', '/thwGoodsDetail?goods_id=7'],
    ['app_mhb', '/mhbProductCommon?goods_id=7'],
    ['app_thh', '/goodsDetail?goods_id=7'],
    ['app_thb', '/goodsDetail?goods_id=7'],
    ['app_taohaow', '/goodsDetail?goods_id=7'],
    ['app_mhw', '/goodsDetail?goods_id=7'],
    ['app_tyb', '/goodsDetail?goods_id=7'],
  ] as const)('%s opens %s', (pkg, path) => {
    expect(goodsDetailPath(7, pkg)).toBe(path);
  });

  it("follows this visit's brand by default", () => {
    expect(goodsDetailPath(3)).toBe('/goodsDetail?goods_id=3');
    writePackageName('app_thw');
    expect(goodsDetailPath(3)).toBe('/thwGoodsDetail?goods_id=3');
  });

  it("shares a link that keeps the brand, in the brand's words", () => {
    writePackageName('app_mhb');
    const link = goodsShareLink(12);
    expect(link).toBe(`${window.location.origin}/mhbProductCommon?goods_id=12&pkg=app_mhb`);
    expect(goodsShareText('王者荣耀 V8 号', link)).toBe(
      `【买号宝】王者荣耀 V8 号｜买号卖号，包赔无忧 ${link}`,
    );
  });
});
