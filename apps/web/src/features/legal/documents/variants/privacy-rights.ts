import type { LegalSection } from '../../legal-document';
import { contactParagraphs, operator } from '../operator';
import type { VariantProfile } from './variant-profile';

export function rightsSection(): LegalSection {
  return {
    heading: '您的权利',
    paragraphs: ['您对自己的个人信息享有以下权利，可通过下列途径行使：'],
    list: [
      '查阅与复制：在「我的」-「个人资料」中查看基本信息，在「设置」-「隐私设置」-「个人信息查询」中查看实名、设备和第三方授权信息；需要获取副本或转移至其他平台的，可联系客服，我们将在核验身份后提供。',
      '更正与补充：昵称、头像和收款方式可自行修改；实名信息如有错误，可提交证明材料申请更正。',
      '删除：浏览足迹、搜索记录和收藏可自行删除；处理目的已实现、我们违法处理或您撤回同意时，可以要求删除相关信息。法律法规规定的保存期限未届满的，我们将停止除存储和必要安全保护以外的处理。',
      '撤回同意：可在系统设置中关闭设备权限，或在「隐私设置」中关闭个性化推荐；撤回不影响撤回前基于同意已进行的处理。',
      '注销账号：在「我的」-「设置」-「注销账号」中申请。为保护交易相对方的权益，注销前须满足：没有进行中的订单、租赁和纠纷，钱包余额已提现，诚意金已退还。注销后我们将删除或匿名化处理您的个人信息；您出售过的账号在注销后仍可能被找回并引发追偿，相关交易记录和实名信息将在法定期限内继续保存。',
      '拒绝自动化决策：交易风控可能基于设备和行为特征自动限制部分操作，您可联系客服要求说明原因并申请人工复核。',
      `上述请求我们会在验证您的身份后十五个工作日内答复。您也可以通过${operator.serviceEntry}提出，并注明“个人信息权利请求”。`,
    ],
  };
}

export function minorsSection(): LegalSection {
  return {
    heading: '未成年人保护',
    paragraphs: [
      '游戏账号的买卖、租赁、回收和提现仅向已满十八周岁并完成实名认证的用户提供。实名认证显示您未满十八周岁的，我们将限制上述功能，您仍可浏览公开内容。',
      '我们不会主动收集不满十四周岁儿童的个人信息。如监护人发现儿童在未获同意的情况下提供了个人信息，请联系客服，我们会尽快删除。如发现未成年人使用他人身份进行交易或租号，监护人可凭监护关系证明申请处理，我们将依法协助冻结相关订单。',
    ],
  };
}

export function updateSection(): LegalSection {
  return {
    heading: '本政策的更新',
    paragraphs: [
      `我们可能因业务调整或法律法规变化更新本政策，更新后会在页面顶部标明更新日期。涉及处理目的、方式或信息种类等重大变化的，我们会在生效前通过弹窗、站内信或推送通知您，并在需要时重新取得您的同意。本版本更新于${operator.updatedAt}，自${operator.effectiveDate}起生效。`,
    ],
  };
}

export function privacyContactSection(p: VariantProfile): LegalSection {
  return {
    heading: '如何联系我们',
    paragraphs: [
      `${p.brandName}的个人信息处理者为${operator.name}。我们设立了个人信息保护负责人，您对本政策或个人信息处理有任何疑问、意见或投诉，可以通过以下方式联系：`,
      ...contactParagraphs,
      `如您对我们的答复不满意，或认为我们的处理行为损害了您的合法权益，可以向网信、市场监管、公安等主管部门投诉举报，或向${operator.court}提起诉讼。`,
    ],
  };
}
