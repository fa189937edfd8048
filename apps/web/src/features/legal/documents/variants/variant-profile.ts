import type { LegalVariant } from '@haoshi/contracts';
import type { LegalSection } from '../../legal-document';

/** Platform services a brand offers; decides which clauses its privacy policy and agreement carry. */
export type PlatformService =
  'trade' | 'rent' | 'recycle' | 'compensation' | 'promotion' | 'merchant' | 'community' | 'review';

/** How the brand reaches users; decides the permission table and the browser-storage wording. */
export type ClientKind = 'app' | 'ios' | 'web';

/** What makes one brand's privacy policy and service agreement its own. */
export interface VariantProfile {
  variant: LegalVariant;
  brandName: string;
  /** The clients both documents cover, e.g. "淘号号App（Android、iOS、HarmonyOS版本）及其内嵌的H5页面". */
  clients: string;
  clientKind: ClientKind;
  /** What the brand offers and who operates it: one paragraph of the scope sections. */
  positioning: string;
  services: readonly PlatformService[];
  /** Permission-table rows [权限, 使用场景, 拒绝后的影响] on top of those of the client kind. */
  extraPermissions: string[][];
  privacyClauses: LegalSection[];
  agreementClauses: LegalSection[];
}
