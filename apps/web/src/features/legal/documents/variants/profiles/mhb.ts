import { variantBrandNames } from '../../../legal-variants';
import { ref } from '../../ref';
import type { VariantProfile } from '../variant-profile';

export const mhbProfile: VariantProfile = {
  variant: 'mhb',
  brandName: variantBrandNames.mhb,
  clients: '买号宝App（Android、HarmonyOS版本）及其内嵌的H5页面',
  clientKind: 'app',
  positioning:
    '买号宝是号市公司运营的买号品牌，为买家提供经核验的游戏账号和多种包赔保障，买得放心、找回有赔。',
  services: ['trade', 'compensation', 'recycle'],
  extraPermissions: [],
  privacyClauses: [
    {
      heading: '包赔理赔中的信息处理',
      paragraphs: [
        '申请包赔时，您需要提交账号被找回或封禁的证明，必要时需录制登录过程视频。我们仅将这些材料用于理赔审核和追偿，理赔结束后按交易信息的保存期限保存。',
        '为向原卖家追偿，我们可能委托律师事务所发送律师函或提起诉讼，并向其提供完成追偿所必需的订单、聊天记录和双方实名信息。受托律师事务所须对这些信息承担保密义务，不得用于其他目的。',
      ],
    },
  ],
  agreementClauses: [
    {
      heading: '买号宝包赔服务约定',
      list: [
        `买号宝的每件商品都可以在下单时选购包赔服务，可选方案和价格见${ref('/serviceFee')}，保障范围、除外情形和理赔流程见${ref('/mhbCompensation')}；选择终身包赔的，另适用${ref('/allLifeGuarantee')}。`,
        '赔付款项来自平台计提的包赔保障金，由平台先行支付至买家钱包，不以追偿成功为前提。',
        '未选购包赔的订单，发生找回时平台仍会协助买家向原卖家追偿，并优先使用原卖家的冻结资金和诚意金赔付，但不承诺先行赔付。',
      ],
    },
  ],
};
