import { brands } from '@haoshi/contracts';
import { describe, expect, it } from 'vitest';
import {
  appTypeOf,
  brandOf,
  getCurrentBrand,
  getCurrentPackage,
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
