import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { banners, intelligence, notices, searchKeywords } from './tables.ts';

/** Demo home content: banners, notices, search keywords and intelligence articles. */

export const demoBanners = [
  { title: '新人专享 首单立减', subtitle: '注册即领买号优惠券', color: '#ff4d4f', link: '/couponHall' },
  {
    title: '官方包赔 放心买号',
    subtitle: '找回全额赔付，终身可选',
    color: '#1677ff',
    link: '/officialGuarantee',
  },
  {
    title: '王者荣耀 皮肤号专场',
    subtitle: '典藏皮肤 · 荣耀王者',
    color: '#c8102e',
    link: '/search_goods_list?keyword=王者荣耀',
  },
  {
    title: '原神 限定角色精选',
    subtitle: '雷电将军 · 纳西妲 · 芙宁娜',
    color: '#4a78c2',
    link: '/search_goods_list?keyword=原神',
  },
  { title: '卖号极速审核', subtitle: '截图核验，最快10分钟上架', color: '#13a36e', link: '/sincereSell' },
];

const demoNotices = [
  {
    title: '防骗提醒：请勿脱离平台私下交易',
    category: '安全',
    pinned: true,
    content:
      '近期有不法分子冒充平台客服，以“账号异常”“资金冻结”为由诱导用户添加微信或QQ私下转账。平台客服不会要求您在站外付款，所有交易请通过平台担保完成。如遇可疑情况，请在“客服中心”联系官方客服或提交举报。',
  },
  {
    title: '包赔服务规则更新',
    category: '规则',
    pinned: false,
    content:
      '自本月起，基础包赔保障期为成交后90天，一年包赔为365天，终身包赔长期有效。买家在下单时选择包赔服务，账号被找回后30天内提交申请，平台将在5个工作日内完成审核并赔付。',
  },
  {
    title: '商品截图核验上线',
    category: '功能',
    pinned: false,
    content:
      '卖家上传的账号截图经客服与游戏内信息核对一致后，商品将显示“官方截图”标签，并在搜索综合排序中优先展示。核验不收取任何费用。',
  },
  {
    title: '违规商品治理公告',
    category: '规则',
    pinned: false,
    content:
      '平台禁止发布含外挂、脚本、代练及被封禁账号的商品。系统会在审核时自动识别违规内容，情节严重的卖家将被限制发布。感谢大家共同维护公平的交易环境。',
  },
  {
    title: '春节期间客服服务时间安排',
    category: '公告',
    pinned: false,
    content: '春节期间在线客服照常服务（9:00-24:00），交易纠纷处理时效顺延。祝大家新春快乐，游戏愉快！',
  },
  {
    title: '实名认证与账号安全提示',
    category: '安全',
    pinned: false,
    content:
      '根据相关规定，购买账号后请及时完成换绑与二次实名。未成年人请勿参与账号交易。如账号存在无法二次实名的情况，商品详情的验号报告中会明确提示。',
  },
];

export const demoKeywords: Array<[string, string | null, number]> = [
  ['王者荣耀', '王者荣耀', 100],
  ['荣耀王者', '王者荣耀', 80],
  ['李白·凤求凰', '王者荣耀', 75],
  ['典藏皮肤', '王者荣耀', 60],
  ['和平精英', '和平精英', 95],
  ['玛莎拉蒂', '和平精英', 70],
  ['无敌战神', '和平精英', 50],
  ['原神', '原神', 92],
  ['雷电将军', '原神', 72],
  ['纳西妲', '原神', 58],
  ['英雄联盟手游', '英雄联盟手游', 66],
  ['金铲铲之战', '金铲铲之战', 64],
  ['崩坏：星穹铁道', '崩坏：星穹铁道', 70],
  ['卡芙卡', '崩坏：星穹铁道', 52],
  ['第五人格', '第五人格', 55],
  ['蛋仔派对', '蛋仔派对', 68],
  ['火影忍者', '火影忍者', 54],
  ['宇智波斑', '火影忍者', 40],
  ['梦幻西游', '梦幻西游', 62],
  ['穿越火线', '穿越火线', 48],
  ['火麒麟', '穿越火线', 45],
  ['明日方舟', '明日方舟', 46],
  ['可二次实名', null, 44],
  ['包赔', null, 42],
  ['急售', null, 38],
];

const demoArticles = [
  {
    game: '王者荣耀',
    title: '王者荣耀皮肤号本周成交均价上涨',
    summary: '新赛季开启后，带传说与典藏皮肤的账号成交活跃，均价环比上涨约5%。',
    content:
      '新赛季上线后，王者荣耀账号交易量明显回升。其中带“李白·凤求凰”“貂蝉·仲夏夜之梦”等传说皮肤的账号最受欢迎，成交均价环比上涨约5%。建议买家优先选择带“官方截图”和“包赔”标签的商品，并在交易完成后第一时间完成换绑。',
  },
  {
    game: '原神',
    title: '原神限定角色账号行情观察',
    summary: '雷电将军、纳西妲、芙宁娜等限定角色账号保值性较好，满命账号溢价明显。',
    content:
      '从近期成交来看，拥有多个限定五星角色的原神账号保值性较好，满命与专武账号溢价明显。购买时请关注冒险等级、五星角色数量以及账号是否支持换绑邮箱与手机。',
  },
  {
    game: null,
    title: '如何判断账号能否二次实名',
    summary: '二次实名决定了账号能否真正归属于你，购买前请在验号报告中确认。',
    content:
      '“二次实名”指账号在原实名信息之外，允许买家重新登记自己的实名信息。不可二次实名的账号存在被原主找回的风险。商品详情页的验号报告会列出实名情况，建议优先选择“已实名，可二次实名”的账号，并搭配包赔服务。',
  },
  {
    game: null,
    title: '买号防找回指南',
    summary: '换绑手机、邮箱、二次实名，三步降低找回风险。',
    content:
      '完成交易后，请立即：1. 换绑手机与邮箱；2. 完成二次实名；3. 修改密码并解除第三方登录授权。若账号仍被找回，可在包赔保障期内申请赔付。',
  },
  {
    game: '和平精英',
    title: '和平精英稀有载具皮肤账号走俏',
    summary: '玛莎拉蒂、特斯拉等联名载具账号搜索量持续走高。',
    content:
      '联名载具皮肤一直是和平精英账号的价值核心，近期带“玛莎拉蒂MC20”的账号搜索量环比增长明显。建议卖家上传载具仓库截图并申请官方核验，以获得更高曝光。',
  },
  {
    game: '崩坏：星穹铁道',
    title: '星穹铁道新版本前瞻：哪些账号值得入手',
    summary: '限定角色与五星光锥数量是评估账号的关键指标。',
    content:
      '新版本即将上线，拥有“黄泉”“流萤”“知更鸟”等热门限定角色的账号需求旺盛。评估账号时请关注开拓等级、五星角色与光锥数量，以及剩余星琼。',
  },
];

/** Idempotent: rows are matched by their unique title or keyword. */
export async function seedHomeContent(
  executor: Executor,
  gameIds: ReadonlyMap<string, number>,
  now: Date,
): Promise<void> {
  await executor
    .insert(banners)
    .values(
      demoBanners.map((banner, index) => ({
        title: banner.title,
        image: `demo/banners/${index + 1}.svg`,
        link: banner.link,
        sort: index + 1,
      })),
    )
    .onConflictDoNothing();
  await executor
    .insert(notices)
    .values(
      demoNotices.map((notice, index) => ({
        ...notice,
        publishedAt: new Date(now.getTime() - index * 3 * 86_400_000),
      })),
    )
    .onConflictDoNothing();
  await executor
    .insert(searchKeywords)
    .values(
      demoKeywords.map(([keyword, game, weight]) => ({
        keyword,
        gameId: game === null ? null : (gameIds.get(game) ?? null),
        weight,
      })),
    )
    .onConflictDoUpdate({ target: searchKeywords.keyword, set: { weight: sql`excluded.weight` } });
  await executor
    .insert(intelligence)
    .values(
      demoArticles.map((article, index) => ({
        gameId: article.game === null ? null : (gameIds.get(article.game) ?? null),
        title: article.title,
        summary: article.summary,
        content: article.content,
        views: 300 + index * 137,
        publishedAt: new Date(now.getTime() - index * 2 * 86_400_000),
      })),
    )
    .onConflictDoNothing();
}
