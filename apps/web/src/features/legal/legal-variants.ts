import { brands, type LegalVariant } from '@haoshi/contracts';

/** Brand named by each legal variant; w and mhbI are client editions of a brand without a package of their own. */
export const variantBrandNames: Record<LegalVariant, string> = {
  thh: brands.app_thh.name,
  zthh: brands.app_thw.name,
  w: `${brands.app_thh.name}网页版`,
  hw: brands.app_tyb.name,
  mhb: brands.app_mhb.name,
  thb: brands.app_thb.name,
  mhw: brands.app_mhw.name,
  taohaow: brands.app_taohaow.name,
  i: brands.app_kxr.name,
  mhbI: `${brands.app_mhb.name}iOS版`,
};

export type PrivacyPath = `/${LegalVariant}Privacy`;
export type AgreementPath = `/${LegalVariant}ServiceAgreement`;

export const privacyPath = (variant: LegalVariant): PrivacyPath => `/${variant}Privacy`;
export const agreementPath = (variant: LegalVariant): AgreementPath => `/${variant}ServiceAgreement`;
