import { variantBrandNames } from '../../../legal-variants';
import { ref } from '../../ref';
import type { VariantProfile } from '../variant-profile';

export const mhbIProfile: VariantProfile = {
  variant: 'mhbI',
  brandName: variantBrandNames.mhbI,
  clients: '通过Apple App Store分发的买号宝iOS应用及其内嵌的H5页面',
  clientKind: 'ios',
  positioning:
    '买号宝iOS版是买号宝在iPhone和iPad上的版本，为买家提供经核验的游戏账号和包赔保障，与买号宝其他版本使用同一账号、订单和钱包。',
  services: ['trade', 'compensation', 'promotion'],
  extraPermissions: [],
  privacyClauses: [
    {
      heading: 'iOS版本的特别说明',
      paragraphs: [
        '买号宝iOS版不获取广告标识符（IDFA），不请求“App跟踪透明度”授权。我们使用系统提供的供应商标识符（IDFV）生成设备ID，用于账号安全和风险识别。',
        '您选择“通过Apple登录”时，我们仅获取Apple提供的用户标识以及您选择共享的姓名和邮箱（可为Apple的中转邮箱）。',
        '通过App内购买（IAP）支付时，付款由Apple处理，我们只接收Apple返回的交易编号和购买凭证，用于确认到账和处理售后，不接触您的Apple账户或银行卡信息。',
      ],
    },
  ],
  agreementClauses: [
    {
      heading: 'App Store付款与Apple相关约定',
      list: [
        '在iOS版中购买并在App内使用的数字服务（如推广金充值），依照App Store审核指南通过Apple App内购买（IAP）支付，价格以App Store展示的价格档位为准，可能与其他客户端不同。IAP款项的退款由Apple依其政策处理，请通过Apple的“报告问题”页面申请，号市公司无法直接退还。',
        `游戏账号的价款、押金和包赔服务费属于用户之间账号交易的价款及其担保服务，按App Store审核指南允许的方式，通过平台支持的第三方支付完成并由平台托管，收费标准见${ref('/serviceFee')}。`,
        '本协议仅在您与号市公司之间订立，Apple不是本协议的当事方，不对买号宝iOS版及其内容承担责任，也不负有提供维护和支持服务的义务。对于应用不符合适用的质量保证、产品责任、知识产权侵权等主张，由号市公司而非Apple负责处理。',
        'Apple及其子公司是本协议的第三方受益人。您接受本协议后，Apple有权作为第三方受益人依本协议向您主张权利。您保证您不在美国政府禁运的国家或地区，也未被列入美国政府的禁止或限制名单。',
        '您使用iOS版还应遵守Apple媒体服务条款中的使用规则。',
      ],
    },
  ],
};
