import { fenToAmount } from './amount.ts';

/**
 * The account-transfer agreement (账号交易转让协议): the one template the server fills for an order
 * and the web shows on /accountTransferAgreement. A signed snapshot stores the filled text and this
 * version; changing the wording means a new version, never an edit of a released one.
 */
export const TRANSFER_AGREEMENT_VERSION = 'v1';
export const TRANSFER_AGREEMENT_TITLE = '账号交易转让协议';

/** The facts of one order the agreement names. */
export interface TransferAgreementFacts {
  orderNo: string;
  buyerName: string;
  buyerIdNumber: string;
  sellerName: string;
  sellerIdNumber: string;
  game: string;
  title: string;
  /** The price in fen; a placeholder text on the template page. */
  price: number | string;
  /** The guarantee (包赔) option's name, or null without one. */
  guarantee: string | null;
  /** The order's date (China), e.g. 2026年11月25日. */
  date: string;
}

const clauses = (facts: TransferAgreementFacts, price: string, guarantee: string): string[] => [
  `订单编号：${facts.orderNo}`,
  `签订日期：${facts.date}`,
  `甲方（转让方/卖方）：${facts.sellerName}，身份证号：${facts.sellerIdNumber}`,
  `乙方（受让方/买方）：${facts.buyerName}，身份证号：${facts.buyerIdNumber}`,
  '甲乙双方经平台实名认证，就游戏账号转让事宜，在平等自愿的基础上通过本平台担保交易达成如下协议：',
  `第一条 标的账号。游戏：${facts.game}；商品：${facts.title}（以订单详情中的账号信息、截图及属性描述为准）。`,
  `第二条 转让价款。本次转让价款为人民币${price}元，由乙方支付至平台担保账户，平台在保障期结束或乙方确认收货后按平台规则结算给甲方。`,
  `第三条 包赔服务。${guarantee}`,
  '第四条 甲方保证。甲方保证对标的账号享有合法的转让权利，账号信息真实、完整，不存在被盗、封禁、抵押或其他权利争议；交付后不以任何方式（包括但不限于申诉、找回、冻结）取回或干扰乙方使用该账号。',
  '第五条 乙方义务。乙方应按订单流程及时验号、完成换绑，并妥善保管账号及密码；因乙方自身原因导致的账号损失由乙方承担。',
  '第六条 换绑与交付。甲方应配合乙方完成手机、邮箱、实名等信息的换绑，换绑完成且双方签署本协议后，账号即视为交付完毕。',
  '第七条 违约责任。甲方违反第四条约定找回或干扰账号的，应全额退还转让价款，并按平台规则承担违约金；平台有权扣除其诚信保证金，并协助乙方通过法律途径追偿。',
  '第八条 争议解决。双方因本协议发生争议的，可先申请平台客服介入调解；协商不成的，任何一方可向有管辖权的人民法院提起诉讼。',
  '第九条 电子签署。本协议经双方实名认证、短信验证码确认签署意愿并手写签名后生效，与纸质协议具有同等法律效力。平台对签署后的协议快照进行数字签名存证，任何改动均可被发现。',
];

/** The agreement's full text for these facts: the exact text both parties sign. */
export function renderTransferAgreement(facts: TransferAgreementFacts): string {
  const price = typeof facts.price === 'number' ? fenToAmount(facts.price) : facts.price;
  const guarantee = facts.guarantee
    ? `乙方已购买“${facts.guarantee}”，账号在保障范围内被找回的，由平台按该服务的条款先行赔付，再向甲方追偿。`
    : '乙方未购买包赔服务，账号被找回时由甲方依第七条承担责任。';
  return [TRANSFER_AGREEMENT_TITLE, ...clauses(facts, price, guarantee)].join('\n\n');
}

/** The template as a reader sees it before any order: each fact is a blank to be filled. */
export const transferAgreementTemplate = renderTransferAgreement({
  orderNo: '（订单编号）',
  buyerName: '（买方实名）',
  buyerIdNumber: '（买方身份证号）',
  sellerName: '（卖方实名）',
  sellerIdNumber: '（卖方身份证号）',
  game: '（游戏）',
  title: '（商品标题）',
  price: '（成交价）',
  guarantee: null,
  date: '（签订日期）',
});
