import { legalVariants } from '@haoshi/contracts';
import {
  agreementPath,
  privacyPath,
  variantBrandNames,
  type AgreementPath,
  type PrivacyPath,
} from './legal-variants';

export interface LegalRoute {
  path: string;
  title: string;
  keepAlive: boolean;
}

/** The information and legal pages of SPEC §2 that are not per-brand. */
const infoTitles = {
  '/privacy': '隐私政策',
  '/privacyDetail': '个人信息收集清单',
  '/serviceAgreement': '用户服务协议',
  '/serviceFee': '服务费说明',
  '/rentPromise': '租号承诺书',
  '/tradeRules': '交易规则',
  '/accTransAgreement': '账号转让协议',
  '/personalNorm': '用户行为规范',
  '/mhbCompensation': '包赔服务规则',
  '/allLifeGuarantee': '终身包赔服务说明',
  '/rentCourse': '租号教程',
  '/peaceDealIntroduce': '安心交易介绍',
  '/thhSafe': '安全保障',
  '/usPrChatNorm': '用户私聊规范',
  '/buServerNorm': '商家服务规范',
} as const;

export type InfoPath = keyof typeof infoTitles;
export type LegalPath = InfoPath | PrivacyPath | AgreementPath;

/** SPEC §2 marks only the rental tutorial K (keeps its state). */
const keepAlivePaths: ReadonlySet<string> = new Set<InfoPath>(['/rentCourse']);

const infoRoutes: LegalRoute[] = Object.entries(infoTitles).map(([path, title]) => ({
  path,
  title,
  keepAlive: keepAlivePaths.has(path),
}));

const variantRoutes: LegalRoute[] = legalVariants.flatMap((variant) => [
  { path: privacyPath(variant), title: `${variantBrandNames[variant]}隐私政策`, keepAlive: false },
  { path: agreementPath(variant), title: `${variantBrandNames[variant]}用户服务协议`, keepAlive: false },
]);

export const legalRoutes: LegalRoute[] = [...infoRoutes, ...variantRoutes];
