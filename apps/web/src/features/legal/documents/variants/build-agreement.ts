import type { LegalDocument } from '../../legal-document';
import { numbered } from '../numbering';
import { operator } from '../operator';
import {
  agreementIntroSection,
  definitionsSection,
  registrationSection,
  scopeSection,
} from './agreement-basics';
import {
  agreementContactSection,
  breachSection,
  disputeSection,
  ipSection,
  lawSection,
  liabilitySection,
  noticeSection,
  privacyReferenceSection,
  terminationSection,
} from './agreement-liability';
import { conductSection, feesSection, gameAccountRiskSection, servicesSection } from './agreement-services';
import type { VariantProfile } from './variant-profile';

/** The user service agreement of one brand: shared sections, the brand's own clauses after the services. */
export function buildServiceAgreement(p: VariantProfile): LegalDocument {
  return {
    title: `${p.brandName}用户服务协议`,
    updatedAt: operator.updatedAt,
    sections: [
      agreementIntroSection(p),
      ...numbered([
        definitionsSection(),
        scopeSection(p),
        registrationSection(),
        servicesSection(p),
        ...p.agreementClauses,
        feesSection(),
        conductSection(),
        gameAccountRiskSection(),
        disputeSection(),
        ipSection(),
        privacyReferenceSection(p),
        breachSection(),
        liabilitySection(),
        terminationSection(),
        noticeSection(),
        lawSection(),
        agreementContactSection(),
      ]),
    ],
  };
}
