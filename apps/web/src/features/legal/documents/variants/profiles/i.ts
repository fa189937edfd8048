import { variantBrandNames } from '../../../legal-variants';
import type { VariantProfile } from '../variant-profile';

export const iProfile: VariantProfile = {
  variant: 'i',
  brandName: variantBrandNames.i,
  clients: '看学人App及其内嵌的H5页面',
  clientKind: 'app',
  positioning:
    '看学人是号市公司运营的游戏知识测评与交流应用，提供游戏知识测评、学习打卡和玩家问答；账号交易服务以“号市交易”入口提供，仅向已满十八周岁并完成实名认证的用户开放。',
  services: ['review', 'community', 'trade'],
  extraPermissions: [],
  privacyClauses: [
    {
      heading: '测评与学习记录的特别说明',
      paragraphs: [
        '测评排行榜展示您的昵称、头像和得分；您可以在「设置」-「隐私设置」中选择匿名参与排行，匿名后排行榜仅显示“匿名学员”。',
        '未进入“号市交易”入口的用户，我们不会要求实名认证，也不会收集交易、钱包相关的信息。',
      ],
    },
  ],
  agreementClauses: [
    {
      heading: '测评服务的特别约定',
      list: [
        '测评题目、解析和测评报告的知识产权归号市公司或授权方所有，仅供您个人学习使用，不得转载或用于商业目的。',
        '您应独立完成测评，不得使用脚本、多账号或其他方式刷分。发现作弊的，我们有权取消相关成绩和排名。',
        '测评获得的积分、勋章不具有财产价值，不可兑换现金、转让或用于账号交易。',
        '通过“号市交易”入口进行的账号买卖，适用与淘号号相同的交易规则、担保流程和费用标准。',
      ],
    },
  ],
};
