import type { LegalDocument } from '../../legal-document';
import { numbered } from '../numbering';
import { operator } from '../operator';
import { privacyCollectionSection, privacyIntroSection, sensitiveInfoSection } from './privacy-collection';
import { protectionSection, sharingSection, storageSection, transferSection } from './privacy-handling';
import { cookieSection, permissionSection } from './privacy-permissions';
import { minorsSection, privacyContactSection, rightsSection, updateSection } from './privacy-rights';
import type { VariantProfile } from './variant-profile';

/** The privacy policy of one brand: shared sections, the brand's own clauses before the closing ones. */
export function buildPrivacy(p: VariantProfile): LegalDocument {
  return {
    title: `${p.brandName}隐私政策`,
    updatedAt: operator.updatedAt,
    sections: [
      privacyIntroSection(p),
      ...numbered([
        privacyCollectionSection(p),
        sensitiveInfoSection(),
        permissionSection(p),
        cookieSection(p),
        sharingSection(),
        transferSection(),
        storageSection(),
        protectionSection(),
        rightsSection(),
        minorsSection(),
        ...p.privacyClauses,
        updateSection(),
        privacyContactSection(p),
      ]),
    ],
  };
}
