import { privacyPath, variantBrandNames } from '../../../legal-variants';
import { ref } from '../../ref';
import type { VariantProfile } from '../variant-profile';

export const mhwProfile: VariantProfile = {
  variant: 'mhw',
  brandName: variantBrandNames.mhw,
  clients: '买号网网站（含电脑端和手机端页面）及买号网App',
  clientKind: 'web',
  positioning:
    '买号网是号市公司运营的游戏账号交易服务网站，汇集多款游戏的在售账号，供买家比价选购，交易全程由平台担保。',
  services: ['trade', 'compensation', 'recycle', 'promotion'],
  extraPermissions: [],
  privacyClauses: [
    {
      heading: '买号网公开页面的特别说明',
      paragraphs: [
        '为便于买家查找，在售商品的详情页是公开页面，可以被搜索引擎收录。公开页面只展示商品信息、卖家的平台昵称和信用等级，不展示卖家的手机号码、实名信息或账号绑定信息的完整内容（绑定手机号仅展示前三位和后四位）。商品下架后，我们会请求搜索引擎更新，但无法保证第三方缓存立即删除。',
        `买号网App调用设备权限的场景和方式与淘号号App相同，见${ref(privacyPath('thh'))}“设备权限的调用”一节，均在使用对应功能时由系统弹窗申请。`,
      ],
    },
  ],
  agreementClauses: [
    {
      heading: '买号网的使用说明',
      list: [
        '买号网展示的商品由卖家发布，价格、描述和截图由卖家负责；平台对标注“已核验”的商品承担核验责任。',
        '未经书面许可，任何人不得使用爬虫、脚本等自动化方式抓取买号网的商品、价格和用户信息，不得镜像、转载商品页面用于其他网站。',
        '在买号网下单后，您可以在号市公司的任一客户端查看和处理该订单。',
      ],
    },
  ],
};
