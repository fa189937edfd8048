import type { LegalSection } from '../../legal-document';
import { privacyPath } from '../../legal-variants';
import { contactParagraphs, operator } from '../operator';
import { ref } from '../ref';
import type { VariantProfile } from './variant-profile';

export function disputeSection(): LegalSection {
  return {
    heading: '交易纠纷与找回追偿',
    list: [
      `交易发生纠纷的，任何一方可在订单页申请平台介入。平台根据订单快照、聊天记录、上号日志和双方提交的证据作出处理决定，处理规则见${ref('/tradeRules')}。平台的处理不影响您通过诉讼等途径维护权益。`,
      `卖家出售或出租账号后找回账号的，构成严重违约，应向买家返还全部价款并按${ref('/accTransAgreement')}承担违约金；平台有权冻结其钱包余额和诚意金优先用于赔付，并将其列入违规名单。`,
      '您同意，在您被认定找回账号或以其他方式违约时，平台可以将您的实名信息、交易记录和聊天记录提供给受害方委托的律师、公安机关和人民法院，用于报案、发送律师函和诉讼。',
      '平台依包赔规则先行赔付买家后，即在赔付金额范围内取得买家对责任方的追偿权。',
    ],
  };
}

export function ipSection(): LegalSection {
  return {
    heading: '知识产权',
    paragraphs: [
      '平台的软件、界面设计、商标、文字和数据汇编的知识产权归号市公司所有。未经书面许可，任何人不得复制、修改、抓取或用于商业目的。',
      '您在平台发布的截图、描述、评价和其他内容，著作权仍归您或原权利人所有。您授予号市公司在平台各客户端内为展示、推广商品和处理纠纷而免费、非独占地使用该内容的许可。游戏截图中的游戏画面等内容，其权利归属游戏运营商。',
    ],
  };
}

export function privacyReferenceSection(p: VariantProfile): LegalSection {
  return {
    heading: '个人信息保护',
    paragraphs: [
      `我们依照${ref(privacyPath(p.variant))}处理您的个人信息，各项服务收集的信息见${ref('/privacyDetail')}。交易中您知悉的相对方信息，仅可用于完成该笔交易，不得用于其他目的或向他人提供。`,
    ],
  };
}

export function breachSection(): LegalSection {
  return {
    heading: '违约处理',
    paragraphs: [
      '您违反本协议或平台规则的，我们可视情节轻重采取以下一项或多项措施，并通过站内信告知处理依据；您可在收到通知后七日内申诉：',
    ],
    list: [
      '警告、删除违规信息、下架商品；',
      '限制发布、议价、租号、提现或聊天等部分功能；',
      '冻结与违规行为相关的钱包余额、押金和诚意金，用于赔付受损用户；',
      '暂停或永久封禁平台账号，列入违规名单；',
      '涉嫌违法犯罪的，保存记录并向有关机关报告。',
    ],
  };
}

export function liabilitySection(): LegalSection {
  return {
    heading: '责任限制',
    list: [
      '我们将按照行业通行的技术和管理标准保障平台安全稳定运行。因不可抗力、电信或电力故障、黑客攻击、游戏运营商或第三方支付机构原因导致服务中断或交易受影响的，我们将积极协助处理，但不承担由此产生的间接损失。',
      '我们对商品信息进行形式审核，并在担保交易中核验账号的可登录性和描述一致性，但无法保证卖家描述以外的账号状况。因卖家原因造成的损失，由卖家承担责任；平台未尽到审核、核验或安全保障义务的，依法承担相应责任。',
      '脱离平台进行的私下交易、私下付款不受平台担保和包赔保障，由此产生的损失平台不承担责任，但我们会协助您向公安机关提供所掌握的线索。',
    ],
  };
}

export function terminationSection(): LegalSection {
  return {
    heading: '协议的变更、中止与终止',
    list: [
      '我们可能修订本协议，修订内容将在生效前七日公告，涉及您重大权益的将以弹窗或站内信通知。您在修订生效后继续使用服务的，视为同意修订后的协议；不同意的，可以停止使用并申请注销。',
      '您可以在「我的」-「设置」-「注销账号」中申请注销。注销需满足：无进行中的订单、租赁和纠纷，钱包余额已提现，诚意金已退还。',
      '您严重违反本协议的，我们有权终止向您提供服务。协议终止前已成立的订单、尚未履行的赔付和追偿义务不因协议终止而消灭。',
    ],
  };
}

export function noticeSection(): LegalSection {
  return {
    heading: '通知与送达',
    paragraphs: [
      '我们通过站内信、系统通知、短信、推送或页面公告向您发出通知，发出即视为送达。您同意将注册手机号码和平台站内信作为司法文书的电子送达地址，因手机号码停用或未及时查看造成的不利后果由您承担。请在手机号码变更后及时更新。',
    ],
  };
}

export function lawSection(): LegalSection {
  return {
    heading: '法律适用与争议解决',
    paragraphs: [
      `本协议的订立、履行和解释适用中华人民共和国法律（不含冲突法规范）。因本协议产生的争议，双方应协商解决；协商不成的，任何一方均可向${operator.court}提起诉讼。`,
    ],
  };
}

export function agreementContactSection(): LegalSection {
  return {
    heading: '联系我们',
    paragraphs: [
      ...contactParagraphs,
      `本协议更新于${operator.updatedAt}，自${operator.effectiveDate}起生效。`,
    ],
  };
}
