import { legalVariants, type LegalVariant } from '@haoshi/contracts';
import type { LegalDocument } from '../legal-document';
import { agreementPath, privacyPath } from '../legal-variants';
import { accTransAgreementDocument } from './acc-trans-agreement';
import { allLifeGuaranteeDocument } from './all-life-guarantee';
import { buServerNormDocument } from './bu-server-norm';
import { mhbCompensationDocument } from './mhb-compensation';
import { peaceDealIntroduceDocument } from './peace-deal-introduce';
import { personalNormDocument } from './personal-norm';
import { privacyDetailDocument } from './privacy-detail';
import { rentCourseDocument } from './rent-course';
import { rentPromiseDocument } from './rent-promise';
import { serviceFeeDocument } from './service-fee';
import { thhSafeDocument } from './thh-safe';
import { tradeRulesDocument } from './trade-rules';
import { usPrChatNormDocument } from './us-pr-chat-norm';
import { buildServiceAgreement } from './variants/build-agreement';
import { buildPrivacy } from './variants/build-privacy';
import { variantProfiles } from './variants/profiles/index';

const fixedDocuments = new Map<string, LegalDocument>([
  ['/privacyDetail', privacyDetailDocument],
  ['/serviceFee', serviceFeeDocument],
  ['/rentPromise', rentPromiseDocument],
  ['/tradeRules', tradeRulesDocument],
  ['/accTransAgreement', accTransAgreementDocument],
  ['/personalNorm', personalNormDocument],
  ['/mhbCompensation', mhbCompensationDocument],
  ['/allLifeGuarantee', allLifeGuaranteeDocument],
  ['/rentCourse', rentCourseDocument],
  ['/peaceDealIntroduce', peaceDealIntroduceDocument],
  ['/thhSafe', thhSafeDocument],
  ['/usPrChatNorm', usPrChatNormDocument],
  ['/buServerNorm', buServerNormDocument],
]);

/**
 * The document shown at a legal path. /privacy and /serviceAgreement show the variant of the
 * brand the app runs as; the per-brand paths always show their own brand.
 */
export function findLegalDocument(pathname: string, currentVariant: LegalVariant): LegalDocument | undefined {
  if (pathname === '/privacy') return buildPrivacy(variantProfiles[currentVariant]);
  if (pathname === '/serviceAgreement') return buildServiceAgreement(variantProfiles[currentVariant]);
  for (const variant of legalVariants) {
    if (pathname === privacyPath(variant)) return buildPrivacy(variantProfiles[variant]);
    if (pathname === agreementPath(variant)) return buildServiceAgreement(variantProfiles[variant]);
  }
  return fixedDocuments.get(pathname);
}
