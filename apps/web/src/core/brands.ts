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

export function isMerchantEdition(): boolean {
  return getCurrentBrand().type === 'merchant';
}
