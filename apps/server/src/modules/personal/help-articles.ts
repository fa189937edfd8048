import type { HelpArticle } from '@haoshi/contracts';

/** The help centre's articles (帮助中心): the questions users ask most, answered for this platform. */
export const helpArticles: readonly HelpArticle[] = [
  {
    id: 1,
    category: '交易保障',
    question: '担保交易是怎样保护我的？',
    answer:
      '买家付款后资金由平台托管，卖家交付账号、双方完成换绑并签署交易协议后进入保障期，保障期结束才打款给卖家。期间出现问题可申请售后，平台介入处理。',
  },
  {
    id: 2,
    category: '交易保障',
    question: '买到的账号被找回怎么办？',
    answer:
      '在订单详情中申请找回赔付并上传证据，平台核实后按所选保障方案赔付。请勿私下交易，私下交易不受保障。',
  },
  {
    id: 3,
    category: '资金',
    question: '提现多久到账？',
    answer: '提现申请提交后进入审核，审核通过后一般1个工作日内到账。可在“钱包-提现记录”中查看进度。',
  },
  {
    id: 4,
    category: '资金',
    question: '为什么需要实名认证？',
    answer: '根据相关法律法规，提现和交易需要完成实名认证，以保障资金安全、防止账号被盗用。',
  },
  {
    id: 5,
    category: '账号安全',
    question: '发现陌生设备登录怎么办？',
    answer: '进入“个人信息-登录设备管理”，将陌生设备下线，或一键下线其他全部设备，被下线的设备需要重新登录。',
  },
  {
    id: 6,
    category: '账号安全',
    question: '如何关闭访客足迹和个性化推荐？',
    answer:
      '进入“个人信息-隐私设置”，关闭“访客足迹”后浏览商品不再留下足迹，关闭“个性化推荐”后首页不再按浏览记录推荐。',
  },
  {
    id: 7,
    category: '账号安全',
    question: '如何获取我的个人信息副本？',
    answer:
      '进入“个人信息-隐私设置”，点击“下载我的数据”，即可获得一份包含账号、订单、收藏、反馈等记录的 JSON 文件。',
  },
  {
    id: 8,
    category: '发布商品',
    question: '发布商品时为什么要上传截图？',
    answer:
      '截图用于展示账号信息并在交付时核对，请按“截图验证指引”截取包含角色名和区服的完整画面，不要裁剪或修改。',
  },
];
