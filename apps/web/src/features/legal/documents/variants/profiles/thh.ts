import { variantBrandNames } from '../../../legal-variants';
import { ref } from '../../ref';
import type { VariantProfile } from '../variant-profile';

export const thhProfile: VariantProfile = {
  variant: 'thh',
  brandName: variantBrandNames.thh,
  clients: '淘号号App（Android、iOS、HarmonyOS版本）及其内嵌的H5页面',
  clientKind: 'app',
  positioning:
    '淘号号是号市公司的主站，提供游戏账号买卖、议价、租号、回收、包赔、推广和商家店铺等完整的交易服务。',
  services: ['trade', 'rent', 'recycle', 'compensation', 'promotion'],
  extraPermissions: [],
  privacyClauses: [
    {
      heading: '淘号号多端登录的特别说明',
      paragraphs: [
        '您的淘号号账号可以登录淘号号网页版和淘号号商家版。在这些客户端之间，我们会同步您的账号资料、订单、钱包余额、聊天记录和信用记录，以便您在任一客户端继续处理交易；同步不会扩大信息的使用目的。',
        '在HarmonyOS设备上，本应用通过系统提供的接口获取推送标识和设备信息，处理方式与Android版本相同。',
      ],
    },
  ],
  agreementClauses: [
    {
      heading: '淘号号的服务承诺',
      list: [
        `淘号号上的全部账号交易均走担保交易，平台不提供也不认可任何“私下转账更便宜”的交易方式；任何以淘号号名义要求您私下付款的，均为诈骗。安全保障措施见${ref('/thhSafe')}。`,
        '标注“官方核验”的商品已由平台交易员登录核验截图和关键资产，核验结果保存在订单快照中；核验后卖家修改账号内容的，视为描述不符。',
        '淘号号发布的公告、活动规则与本协议具有同等效力，活动规则另有约定的从其约定。',
      ],
    },
  ],
};
