import type { LegalSection } from '../../legal-document';
import { privacyPath } from '../../legal-variants';
import { operator } from '../operator';
import { ref } from '../ref';
import type { VariantProfile } from './variant-profile';

export function agreementIntroSection(p: VariantProfile): LegalSection {
  return {
    heading: '导言',
    paragraphs: [
      `欢迎使用${p.brandName}。本协议是您与${operator.name}（以下简称“号市公司”或“我们”）之间就使用${p.brandName}服务所订立的协议。${p.positioning}`,
      '请您在注册或使用前仔细阅读本协议，特别是免除或限制我们责任的条款、对您权利的限制条款、违约处理条款以及争议解决条款。您点击“同意”、完成注册或实际使用服务，即表示您已阅读并同意本协议；如不同意，请停止使用。',
      '游戏账号的买卖、租赁、回收和提现仅面向已满十八周岁的完全民事行为能力人。未成年人请勿使用上述交易功能。',
    ],
  };
}

export function definitionsSection(): LegalSection {
  return {
    heading: '定义',
    list: [
      '平台：号市公司运营的各客户端及网站，包括本协议所适用的客户端。',
      '用户：注册并使用平台服务的自然人、法人或非法人组织，按在交易中的角色分为买家、卖家、出租方、承租方、回收商和商家。',
      '游戏账号：由游戏运营商提供、可登录游戏的账号及其角色、道具和绑定关系，以下简称“账号”。',
      '担保交易：买家付款后，款项由平台托管，卖家交付账号、双方完成换绑和协议签署并经过保障期后，平台再将款项扣除服务费后结算给卖家的交易方式。',
      '换绑：将账号绑定的手机号码、邮箱、实名信息和密保等更换为买家信息的过程。',
      '找回：原号主或他人通过游戏运营商的申诉等途径，重新取得已售出或已出租账号控制权的行为。',
      '包赔：买家可选购的保障服务，账号在保障期内被找回或因交易前原因被封禁时，由平台按规则先行赔付并向责任方追偿。',
      '诚意金：卖家或回收商为取得相应资格缴纳的、可退还的保证资金，违约时用于赔付守约方。',
    ],
  };
}

export function scopeSection(p: VariantProfile): LegalSection {
  return {
    heading: '协议范围与规则体系',
    paragraphs: [
      `本协议适用于${p.clients}。号市公司运营的其他客户端使用同一账号体系，您在本客户端的注册信息、订单、钱包和信用记录在各客户端之间通用。`,
      '下列规则是本协议不可分割的组成部分，与本协议具有同等效力；规则与本协议不一致的，以针对具体事项的规则为准：',
    ],
    list: [
      `${ref('/tradeRules')}：担保交易、议价、回收、诚意金和纠纷处理的具体流程；`,
      `${ref('/serviceFee')}：平台收取的全部费用及其计算方式；`,
      `${ref('/accTransAgreement')}：每笔账号交易中买卖双方与平台三方电子签署的协议范本；`,
      `${ref('/rentPromise')}：租号双方在下单时作出的承诺；`,
      `${ref('/mhbCompensation')}及${ref('/allLifeGuarantee')}：包赔服务的范围、除外情形和理赔流程；`,
      `${ref('/personalNorm')}、${ref('/usPrChatNorm')}及${ref('/buServerNorm')}：用户和商家在平台上的行为要求；`,
      `${ref(privacyPath(p.variant))}：我们处理个人信息的规则。`,
    ],
  };
}

export function registrationSection(): LegalSection {
  return {
    heading: '账号注册、实名认证与安全',
    list: [
      '您应使用本人实名的手机号码注册。一个手机号码只能注册一个平台账号，一个实名身份最多可认证三个平台账号。',
      '发布、购买、租用账号和提现前，您须以本人身份完成实名认证和人脸识别，并保证所提供信息真实、准确、完整。使用他人身份信息或提供虚假信息的，我们有权拒绝提供服务并冻结相关资金。',
      '平台账号仅限您本人使用，不得出借、出租、转让或出售。通过您的账号实施的操作视为您本人的行为，由您承担相应后果。',
      '请妥善保管短信验证码、登录设备和账号凭证。发现账号被盗用或存在安全风险时，请立即联系客服冻结账号。平台工作人员不会以任何理由向您索要验证码、支付密码或要求您向个人账户转账。',
      '连续十二个月未登录且无余额、无进行中订单的账号，我们可能在提前十五日通知后回收其昵称等资源。',
    ],
  };
}
