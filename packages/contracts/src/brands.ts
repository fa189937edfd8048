/**
 * The eight package identifiers (SPEC §1) chosen by the `pkg` address parameter. Six are named by
 * SPEC; the merchant edition (app_thb) and the second brand (app_taohaow) are named here.
 */
export type PackageType = 'main' | 'merchant' | 'review' | 'brand';

export interface Brand {
  pkg: PackageId;
  name: string;
  /** What kind of app the package is; decides e.g. merchant edition vs consumer app. */
  type: PackageType;
  /** Which variant of the privacy / service-agreement pages this brand shows. */
  legalVariant: LegalVariant;
  slogan: string;
}

export const packageIds = [
  'app_thh',
  'app_kxr',
  'app_thb',
  'app_taohaow',
  'app_thw',
  'app_mhb',
  'app_mhw',
  'app_tyb',
] as const;
export type PackageId = (typeof packageIds)[number];

export const legalVariants = ['thh', 'zthh', 'w', 'hw', 'mhb', 'thb', 'mhw', 'taohaow', 'i', 'mhbI'] as const;
export type LegalVariant = (typeof legalVariants)[number];

export const MAIN_PACKAGE: PackageId = 'app_thh';
/** SPEC §9: default of the package-to-type mapping. */
export const DEFAULT_APP_TYPE: PackageId = 'app_thh';
/** SPEC §9: default of the stored-package mapping. */
export const DEFAULT_STORED_PACKAGE: PackageId = 'app_kxr';

export const brands: Record<PackageId, Brand> = {
  app_thh: { pkg: 'app_thh', name: '淘号号', type: 'main', legalVariant: 'thh', slogan: '游戏账号安心交易' },
  app_kxr: {
    pkg: 'app_kxr',
    name: '看学人',
    type: 'review',
    legalVariant: 'i',
    slogan: '游戏知识测评与交流',
  },
  app_thb: {
    pkg: 'app_thb',
    name: '淘号号商家版',
    type: 'merchant',
    legalVariant: 'thb',
    slogan: '工作室账号管理平台',
  },
  app_taohaow: {
    pkg: 'app_taohaow',
    name: '淘号网',
    type: 'brand',
    legalVariant: 'taohaow',
    slogan: '专业游戏账号交易网',
  },
  app_thw: {
    pkg: 'app_thw',
    name: '淘号玩',
    type: 'brand',
    legalVariant: 'zthh',
    slogan: '游戏账号租赁，上号即玩',
  },
  app_mhb: {
    pkg: 'app_mhb',
    name: '买号宝',
    type: 'brand',
    legalVariant: 'mhb',
    slogan: '买号卖号，包赔无忧',
  },
  app_mhw: {
    pkg: 'app_mhw',
    name: '买号网',
    type: 'brand',
    legalVariant: 'mhw',
    slogan: '游戏账号交易服务平台',
  },
  app_tyb: {
    pkg: 'app_tyb',
    name: '淘游帮',
    type: 'brand',
    legalVariant: 'hw',
    slogan: '游戏帮手，账号无忧',
  },
};

export function isPackageId(value: unknown): value is PackageId {
  return typeof value === 'string' && (packageIds as readonly string[]).includes(value);
}
