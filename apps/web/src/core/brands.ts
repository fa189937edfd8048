import {
  brands,
  DEFAULT_APP_TYPE,
  DEFAULT_STORED_PACKAGE,
  isPackageId,
  MAIN_PACKAGE,
  type Brand,
  type PackageId,
} from '@haoshi/contracts';
import { readPackageName } from './storage';

/** SPEC §9 package-to-type mapping: a known package is itself, anything else the main app type. */
export function appTypeOf(pkg?: string): PackageId {
  return isPackageId(pkg) ? pkg : DEFAULT_APP_TYPE;
}

/** SPEC §9 stored-package mapping: no pkg means the main app, an unknown pkg the stored default. */
export function storedPackageOf(pkg?: string): PackageId {
  if (isPackageId(pkg)) return pkg;
  return pkg === undefined || pkg === '' ? MAIN_PACKAGE : DEFAULT_STORED_PACKAGE;
}

export function brandOf(pkg?: string): Brand {
  return brands[appTypeOf(pkg)];
}

export function getCurrentPackage(): PackageId {
  const stored = readPackageName();
  return isPackageId(stored) ? stored : MAIN_PACKAGE;
}

export function getCurrentBrand(): Brand {
  return brands[getCurrentPackage()];
}

/** The merchant edition (a studio's app) or one of the consumer apps. */
export type Edition = 'consumer' | 'merchant';

export function editionOf(brand: Brand): Edition {
  return brand.type === 'merchant' ? 'merchant' : 'consumer';
}

export function isMerchantEdition(): boolean {
  return editionOf(getCurrentBrand()) === 'merchant';
}

/** Where a brand opens a listing: SPEC §2's brand-specific detail routes, else the plain one. */
export type GoodsDetailRoute = '/goodsDetail' | '/kxrGoodsDetail' | '/thwGoodsDetail' | '/mhbProductCommon';

/**
 * How a brand looks. The colours are mirrored by app/brand-theme.css (keyed by <html data-brand>,
 * which must apply before any script runs); brand-theme.test.ts keeps the two equal and checks
 * their contrast.
 */
export interface BrandLook {
  /** The one character of the letter-mark logo. */
  mark: string;
  /** --adm-color-primary: buttons, links, prices' accents. */
  primary: string;
  /** --app-brand-dark: the gradient's far end. */
  dark: string;
  /** --app-brand-accent: badges and tags. */
  accent: string;
  detailRoute: GoodsDetailRoute;
}

export const brandLooks: Readonly<Record<PackageId, BrandLook>> = {
  app_thh: {
    mark: '淘',
    primary: '#c2410c',
    dark: '#9a3412',
    accent: '#b91c1c',
    detailRoute: '/goodsDetail',
  },
  app_kxr: {
    mark: '看',
    primary: '#0e7490',
    dark: '#155e75',
    accent: '#a16207',
    detailRoute: '/kxrGoodsDetail',
  },
  app_thb: {
    mark: '商',
    primary: '#3730a3',
    dark: '#312e81',
    accent: '#b45309',
    detailRoute: '/goodsDetail',
  },
  app_taohaow: {
    mark: '网',
    primary: '#b91c1c',
    dark: '#991b1b',
    accent: '#a16207',
    detailRoute: '/goodsDetail',
  },
  app_thw: {
    mark: '玩',
    primary: '#7e22ce',
    dark: '#6b21a8',
    accent: '#be185d',
    detailRoute: '/thwGoodsDetail',
  },
  app_mhb: {
    mark: '宝',
    primary: '#15803d',
    dark: '#166534',
    accent: '#b45309',
    detailRoute: '/mhbProductCommon',
  },
  app_mhw: {
    mark: '买',
    primary: '#be185d',
    dark: '#9d174d',
    accent: '#7e22ce',
    detailRoute: '/goodsDetail',
  },
  app_tyb: {
    mark: '帮',
    primary: '#8a5a00',
    dark: '#6b4500',
    accent: '#b91c1c',
    detailRoute: '/goodsDetail',
  },
};

export function getCurrentLook(): BrandLook {
  return brandLooks[getCurrentPackage()];
}

/** A listing as the given brand (by default this visit's) opens it. */
export function goodsDetailPath(goodsId: number, pkg: PackageId = getCurrentPackage()): string {
  return `${brandLooks[pkg].detailRoute}?goods_id=${goodsId}`;
}

/** What a shared listing link says: the brand speaks, then the listing, then the link. */
export function goodsShareText(goodsTitle: string, link: string, brand: Brand = getCurrentBrand()): string {
  return `【${brand.name}】${goodsTitle}｜${brand.slogan} ${link}`;
}

/** A listing link to hand on: it names the brand, so whoever opens it sees the same app. */
export function goodsShareLink(goodsId: number, pkg: PackageId = getCurrentPackage()): string {
  return `${window.location.origin}${goodsDetailPath(goodsId, pkg)}&pkg=${pkg}`;
}
