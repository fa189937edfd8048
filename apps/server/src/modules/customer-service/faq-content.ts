/**
 * The help centre's articles: what a game-account marketplace is asked every day. Ensured at every
 * start by slug (an article edited in the database keeps its text; a missing one is added).
 */
export interface FaqCategoryContent {
  slug: string;
  name: string;
  description: string;
  articles: { slug: string; title: string; hot?: boolean; content: string }[];
}

export const faqContent: FaqCategoryContent[] = [
  {
    slug: 'guarantee',
    name: '担保交易',
    description: '下单、验号、换绑到确认收货',
    articles: [
      {
        slug: 'guarantee-flow',
        title: '担保交易的流程是怎样的？',
        hot: true,
        content:
          '担保交易全程由平台托管资金：买家下单付款后，货款进入平台担保账户，卖家看不到也拿不走。\n\n卖家在6小时内交付账号，客服验号通过后进入换绑环节，双方在线签署账号转让协议。\n\n买家确认收货后进入保障期，保障期结束平台才把货款结算给卖家。任何环节出现问题都可以申请客服介入。',
      },
      {
        slug: 'guarantee-pay-timeout',
        title: '下单后多久内需要付款？',
        content:
          '订单创建后请在15分钟内完成付款，超时未付款的订单会自动取消，商品重新上架。\n\n如果使用了优惠券，取消后优惠券会退回到你的账户。',
      },
      {
        slug: 'guarantee-verify',
        title: '验号不通过怎么办？',
        content:
          '客服验号时会核对账号等级、皮肤、绑定信息是否与商品描述一致。\n\n不一致时订单会被取消并全额退款到你的钱包，卖家会被记录违规。你也可以联系人工客服说明情况。',
      },
      {
        slug: 'guarantee-off-platform',
        title: '卖家让我加微信私下交易可以吗？',
        hot: true,
        content:
          '不可以。平台外交易没有任何担保，账号被找回、钱款被骗都无法追回。\n\n凡是要求你加QQ、微信或私下转账的，都请立即在聊天里举报对方，平台会处理。',
      },
    ],
  },
  {
    slug: 'compensation',
    name: '找回包赔',
    description: '账号被找回、封号的赔付',
    articles: [
      {
        slug: 'compensation-claim',
        title: '买到的账号被找回了怎么申请包赔？',
        hot: true,
        content:
          '购买时选择了包赔服务的订单，在完成交易后30天内发现账号被原号主找回，可以在订单详情页申请找回包赔。\n\n提交账号被找回的截图或录屏，客服会在5个工作日内审核（复杂情况最长15个工作日），审核通过后赔付款直接进入你的钱包。',
      },
      {
        slug: 'compensation-scope',
        title: '包赔都赔哪些情况？',
        content:
          '包赔覆盖原号主通过申诉、换绑等方式找回账号，以及交易前的违规导致的封号。\n\n买家自己泄露密码、使用外挂导致的封号不在包赔范围内。具体赔付比例以下单时选择的包赔档位为准。',
      },
      {
        slug: 'compensation-progress',
        title: '包赔申请提交后在哪里看进度？',
        content: '在「我的-订单」找到对应订单，点开详情即可查看包赔申请的审核进度和处理记录。',
      },
    ],
  },
  {
    slug: 'withdrawal',
    name: '提现到账',
    description: '提现规则、到账时间和失败原因',
    articles: [
      {
        slug: 'withdrawal-time',
        title: '提现多久到账？',
        hot: true,
        content:
          '提现申请提交后由财务审核，审核通过后一般在2小时内到账，节假日可能顺延。\n\n到账后钱包明细里会显示「提现成功」。',
      },
      {
        slug: 'withdrawal-failed',
        title: '提现失败是什么原因？',
        content:
          '常见原因：收款账户姓名与实名认证不一致、银行卡已注销、支付宝账户被限制收款。\n\n提现失败的金额会退回钱包余额，修改收款方式后可以重新提现。',
      },
      {
        slug: 'withdrawal-frozen',
        title: '为什么我的部分余额不能提现？',
        content: '正在保障期内的订单货款、诚信保证金以及提现审核中的金额会被冻结，解冻后才能提现。',
      },
    ],
  },
  {
    slug: 'real-name',
    name: '实名认证',
    description: '实名认证和防沉迷',
    articles: [
      {
        slug: 'real-name-why',
        title: '为什么交易前要实名认证？',
        hot: true,
        content:
          '根据国家规定，网络交易和提现需要实名。实名后平台才能为你办理提现、包赔和纠纷处理。\n\n你的身份信息加密保存，只用于核验，不会展示给其他用户。',
      },
      {
        slug: 'real-name-limit',
        title: '一个身份证可以认证几个账号？',
        content: '同一个身份证最多认证3个平台账号。需要更换时请先注销不再使用的账号。',
      },
    ],
  },
  {
    slug: 'rebind',
    name: '账号换绑',
    description: '手机、邮箱、实名的换绑',
    articles: [
      {
        slug: 'rebind-how',
        title: '买到账号后怎么换绑手机和邮箱？',
        hot: true,
        content:
          '验号通过后订单进入换绑环节：按订单页的指引，在游戏官方换绑页面把手机号、邮箱换成你自己的。\n\n需要卖家配合接收验证码时，卖家必须在30分钟内响应；超时不配合可以申请客服介入。',
      },
      {
        slug: 'rebind-cooldown',
        title: '换绑有冷却期怎么办？',
        content:
          '部分游戏换绑后有7到15天的冷却期，冷却期内原号主仍可能找回。\n\n建议购买带「可换绑」标签并选择包赔的商品，冷却期内被找回可以申请包赔。',
      },
    ],
  },
  {
    slug: 'selling',
    name: '出售与回收',
    description: '发布商品、议价、回收估价',
    articles: [
      {
        slug: 'selling-publish',
        title: '怎么发布要卖的账号？',
        content:
          '在首页点击「卖号」，选择游戏和区服，填写账号属性并上传至少要求数量的截图，提交后通过审核即可上架。',
      },
      {
        slug: 'selling-fee',
        title: '卖号要收多少手续费？',
        content: '手续费按成交价的比例收取，具体费率见「服务费说明」页面；未成交不收任何费用。',
      },
      {
        slug: 'selling-bargain',
        title: '买家议价后多久需要回复？',
        content: '买家的出价24小时内有效，过期自动失效。你可以接受、拒绝或还价，每次议价最多还价三轮。',
      },
    ],
  },
];
