import type { LegalVariant } from '@haoshi/contracts';
import type { VariantProfile } from '../variant-profile';
import { hwProfile } from './hw';
import { iProfile } from './i';
import { mhbIProfile } from './mhb-i';
import { mhbProfile } from './mhb';
import { mhwProfile } from './mhw';
import { taohaowProfile } from './taohaow';
import { thbProfile } from './thb';
import { thhProfile } from './thh';
import { wProfile } from './w';
import { zthhProfile } from './zthh';

export const variantProfiles: Record<LegalVariant, VariantProfile> = {
  thh: thhProfile,
  zthh: zthhProfile,
  w: wProfile,
  hw: hwProfile,
  mhb: mhbProfile,
  thb: thbProfile,
  mhw: mhwProfile,
  taohaow: taohaowProfile,
  i: iProfile,
  mhbI: mhbIProfile,
};
