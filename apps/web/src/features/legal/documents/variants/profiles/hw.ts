import { variantBrandNames } from '../../../legal-variants';
import { ref } from '../../ref';
import type { VariantProfile } from '../variant-profile';

export const hwProfile: VariantProfile = {
  variant: 'hw',
  brandName: variantBrandNames.hw,
  clients: '淘游帮App及其内嵌的H5页面',
  clientKind: 'app',
  positioning:
    '淘游帮是号市公司运营的游戏帮手品牌，提供游戏攻略社区、角色战绩查询和组队交流，并接入号市公司的账号买卖和租号服务。',
  services: ['community', 'trade', 'rent'],
  extraPermissions: [],
  privacyClauses: [
    {
      heading: '淘游帮社区与战绩查询的特别说明',
      paragraphs: [
        '使用战绩查询时，您需要主动绑定游戏角色。我们仅在您授权后，通过游戏运营商开放的接口获取该角色的公开战绩、段位和资产概览，用于在您的主页展示和为您出售账号时自动生成商品描述；您可随时在「设置」中解除绑定，解除后我们将删除已获取的战绩数据。',
        '您在社区公开发布的帖子、评论和主页信息，其他用户可以查看、转发和评论。请勿在公开内容中发布账号密码、手机号码等个人信息。',
        '为履行信息内容管理义务，我们会对发布的内容进行机器和人工审核，审核记录保存六个月。',
      ],
    },
  ],
  agreementClauses: [
    {
      heading: '淘游帮社区规范',
      list: [
        `您发布的内容应当真实、合法，不得含有违法信息、侵权内容或广告引流，不得借攻略、帖子推销脱离平台的账号交易，具体要求见${ref('/personalNorm')}。`,
        '原创攻略的著作权归作者所有。转载他人内容应注明出处并取得授权；被投诉侵权的内容，我们将依法采取删除、屏蔽等措施。',
        '社区的点赞、积分和等级仅反映活跃度，不具有财产价值，不可兑换现金或转让。',
        '通过淘游帮进行的账号买卖和租号，与淘号号适用同一套交易规则、担保流程和费用标准。',
      ],
    },
  ],
};
