import { variantBrandNames } from '../../../legal-variants';
import type { VariantProfile } from '../variant-profile';

export const taohaowProfile: VariantProfile = {
  variant: 'taohaow',
  brandName: variantBrandNames.taohaow,
  clients: '淘号网App及其内嵌的H5页面',
  clientKind: 'app',
  positioning:
    '淘号网是号市公司运营的专业游戏账号交易品牌，侧重账号估价和快速回收：卖家上传截图即可获得估价，并可一键卖给经认证的回收商。',
  services: ['recycle', 'trade', 'compensation'],
  extraPermissions: [],
  privacyClauses: [
    {
      heading: '账号估价与截图识别的特别说明',
      paragraphs: [
        '使用账号估价时，您上传的游戏截图会经过图像识别，提取游戏名称、区服、等级、皮肤和道具等信息生成估价和商品描述。识别在我们的服务器上完成，截图仅用于估价、商品展示和核验，不用于训练与本服务无关的模型。',
        '为防止使用他人截图冒充，截图核验时我们会要求您按提示截取包含指定内容的画面，并比对截图中的角色信息与您提交的账号信息。',
      ],
    },
  ],
  agreementClauses: [
    {
      heading: '估价与回收的特别约定',
      list: [
        '估价根据截图识别结果和近期成交数据自动生成，仅供参考，不构成平台或回收商的收购承诺。',
        '回收商的出价在有效期内对其具有约束力。卖家选择成交后，回收商无正当理由拒绝收购的，按交易规则扣除其诚意金赔付卖家；卖家成交后反悔或提供的账号与截图不符的，由卖家承担违约责任。',
        '回收成交的账号同样需要完成换绑和《账号转让协议》的电子签署，卖家对回收账号承担与普通出售相同的不找回义务。',
      ],
    },
  ],
};
