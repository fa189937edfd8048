import {
  feeSchedule,
  guaranteePlanSummary,
  type AttributeField,
  type BindingField,
  type GuaranteeOption,
  type Platform,
} from '@haoshi/contracts';
import type { PublishSchema } from './tables.ts';

/** The reference catalogue seeded on first start: games, their 区服 and publish properties. */

export interface CatalogueGame {
  name: string;
  /** Latin slug: icon file names and demo images. */
  slug: string;
  color: string;
  platforms: Platform[];
  hot: boolean;
  slogan: string;
  /** 区服 per platform: [group, names][]. */
  partitions: Partial<Record<Platform, Array<[string, string[]]>>>;
  fields: AttributeField[];
  bindings: BindingField[];
  guarantees: GuaranteeOption['code'][];
  /** Demo price range in yuan. */
  priceYuan: [number, number];
}

const options = (labels: string[]) => labels.map((label, index) => ({ value: `v${index + 1}`, label }));
const named = (labels: string[]) => labels.map((label) => ({ value: label, label }));

type FieldFlags = Partial<Pick<AttributeField, 'required' | 'filterable' | 'highlight'>>;
const int = (
  key: string,
  label: string,
  min: number,
  max: number,
  unit: string,
  flags: FieldFlags = {},
): AttributeField => ({
  key,
  label,
  type: 'int',
  min,
  max,
  unit,
  required: true,
  filterable: true,
  highlight: false,
  ...flags,
});
const choice = (key: string, label: string, labels: string[], highlight = true): AttributeField => ({
  key,
  label,
  type: 'enum',
  options: options(labels),
  required: true,
  filterable: true,
  highlight,
});
const rare = (key: string, label: string, labels: string[], maxSelect = 12): AttributeField => ({
  key,
  label,
  type: 'multi',
  options: named(labels),
  max_select: maxSelect,
  required: false,
  filterable: true,
  highlight: false,
});
const text = (key: string, label: string): AttributeField => ({
  key,
  label,
  type: 'text',
  max_length: 100,
  required: false,
  filterable: false,
  highlight: false,
});

const phone: BindingField = {
  key: 'phone',
  label: '手机绑定',
  type: 'enum',
  required: true,
  options: [
    { value: 'rebindable', label: '已绑定，可换绑' },
    { value: 'verify', label: '已绑定，换绑需原手机验证' },
    { value: 'none', label: '未绑定手机' },
  ],
};
const email: BindingField = {
  key: 'email',
  label: '邮箱绑定',
  type: 'enum',
  required: false,
  options: [
    { value: 'rebindable', label: '已绑定，可换绑' },
    { value: 'none', label: '未绑定邮箱' },
  ],
};
const realName: BindingField = {
  key: 'real_name',
  label: '实名情况',
  type: 'enum',
  required: true,
  options: [
    { value: 'second_ok', label: '已实名，可二次实名' },
    { value: 'second_no', label: '已实名，不可二次实名' },
    { value: 'none', label: '未实名' },
  ],
};
const link = (key: string, label: string): BindingField => ({
  key,
  label,
  type: 'enum',
  required: false,
  options: [
    { value: 'bound', label: `已关联${label.replace('关联', '')}` },
    { value: 'none', label: '未关联' },
  ],
});
const canRebind: BindingField = { key: 'can_rebind', label: '支持换绑', type: 'bool', required: true };
const cooldown: BindingField = {
  key: 'rebind_cooldown_days',
  label: '换绑冷却期',
  type: 'int',
  required: false,
  min: 0,
  max: 60,
  unit: '天',
};

const bindingsWith = (...extra: BindingField[]) => [phone, realName, canRebind, ...extra, cooldown];
const tencent = bindingsWith(link('qq', 'QQ'), link('wechat', '微信'));

const side = (labels: string[]): Array<[string, string[]]> => [['', labels]];
const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i + 1}区`);

export const catalogueGames: CatalogueGame[] = [
  {
    name: '王者荣耀',
    slug: 'wzry',
    color: '#c8102e',
    platforms: ['ios', 'android'],
    hot: true,
    slogan: '国民MOBA，皮肤号热卖',
    partitions: {
      ios: [
        ['QQ区', ['苹果QQ区']],
        ['微信区', ['苹果微信区']],
      ],
      android: [
        ['QQ区', ['安卓QQ区']],
        ['微信区', ['安卓微信区']],
      ],
    },
    fields: [
      choice('rank', '段位', ['黄金', '铂金', '钻石', '星耀', '最强王者', '荣耀王者', '传奇王者']),
      int('stars', '王者星数', 0, 300, '星'),
      int('vip', '贵族等级', 0, 10, '级', { highlight: true }),
      int('heroes', '英雄数', 1, 125, '个'),
      int('skins', '皮肤数', 0, 600, '个', { highlight: true }),
      rare('rare_skins', '稀有皮肤', [
        '李白·凤求凰',
        '貂蝉·仲夏夜之梦',
        '赵云·引擎之心',
        '孙尚香·末日机甲',
        '韩信·街头霸王',
        '诸葛亮·武陵仙君',
        '露娜·紫霞仙子',
        '后羿·如梦令',
        '小乔·天鹅之梦',
        '李白·千年之狐',
        '安琪拉·心灵骇客',
        '孙悟空·地狱火',
      ]),
    ],
    bindings: tencent,
    guarantees: ['basic', 'extended', 'lifetime'],
    priceYuan: [30, 12000],
  },
  {
    name: '和平精英',
    slug: 'hpjy',
    color: '#d4a017',
    platforms: ['ios', 'android'],
    hot: true,
    slogan: '载具枪皮全收录',
    partitions: {
      ios: [
        ['QQ区', ['苹果QQ区']],
        ['微信区', ['苹果微信区']],
      ],
      android: [
        ['QQ区', ['安卓QQ区']],
        ['微信区', ['安卓微信区']],
      ],
    },
    fields: [
      choice('rank', '最高段位', ['白金', '星钻', '皇冠', '王牌', '无敌战神']),
      int('level', '等级', 1, 100, '级'),
      int('gun_skins', '枪械皮肤', 0, 400, '个', { highlight: true }),
      int('outfits', '套装数', 0, 300, '套', { highlight: true }),
      rare('vehicles', '稀有载具', [
        '玛莎拉蒂MC20',
        '特斯拉Model Y',
        '兰博基尼Urus',
        '阿斯顿·马丁DBS',
        '宾利欧陆',
        '小黄鸭UAZ',
        '柯尼塞格',
      ]),
    ],
    bindings: tencent,
    guarantees: ['basic', 'extended', 'lifetime'],
    priceYuan: [20, 8000],
  },
  {
    name: '原神',
    slug: 'ys',
    color: '#4a78c2',
    platforms: ['ios', 'android', 'pc'],
    hot: true,
    slogan: '满命限定角色一站购',
    partitions: {
      ios: side(['官服（天空岛）']),
      android: side(['官服（天空岛）', 'B服（世界树）']),
      pc: side(['官服（天空岛）', 'B服（世界树）']),
    },
    fields: [
      int('ar', '冒险等级', 1, 60, '级', { highlight: true }),
      int('five_star_chars', '五星角色', 0, 80, '个', { highlight: true }),
      int('five_star_weapons', '五星武器', 0, 60, '把'),
      int('primogems', '原石', 0, 100000, '颗', { required: false, filterable: false }),
      rare('limited', '限定角色', [
        '雷电将军',
        '纳西妲',
        '芙宁娜',
        '那维莱特',
        '钟离',
        '胡桃',
        '神里绫华',
        '枫原万叶',
        '夜兰',
        '宵宫',
        '甘雨',
        '八重神子',
      ]),
      text('uid', '游戏UID'),
    ],
    bindings: bindingsWith(email, link('tap', 'TapTap')),
    guarantees: ['basic', 'extended'],
    priceYuan: [50, 15000],
  },
  {
    name: '英雄联盟手游',
    slug: 'lolm',
    color: '#0b6e99',
    platforms: ['ios', 'android'],
    hot: true,
    slogan: '峡谷皮肤号精选',
    partitions: {
      ios: [
        ['QQ区', ['峡谷之巅（QQ）', '暗影岛（QQ）']],
        ['微信区', ['诺克萨斯（微信）', '德玛西亚（微信）']],
      ],
      android: [
        ['QQ区', ['峡谷之巅（QQ）', '暗影岛（QQ）']],
        ['微信区', ['诺克萨斯（微信）', '德玛西亚（微信）']],
      ],
    },
    fields: [
      choice('rank', '段位', ['黄金', '铂金', '翡翠', '钻石', '大师', '宗师', '最强王者']),
      int('champions', '英雄数', 1, 130, '个'),
      int('skins', '皮肤数', 0, 500, '个', { highlight: true }),
      rare('rare_skins', '稀有皮肤', [
        '至臻·阿狸',
        '星之守护者·金克丝',
        '源计划·亚索',
        '神王·德莱厄斯',
        '灵魂莲华·永恩',
        'KDA·阿卡丽',
      ]),
    ],
    bindings: tencent,
    guarantees: ['basic', 'extended'],
    priceYuan: [30, 6000],
  },
  {
    name: '金铲铲之战',
    slug: 'jccz',
    color: '#b8860b',
    platforms: ['ios', 'android'],
    hot: true,
    slogan: '小小英雄与竞技场',
    partitions: {
      ios: [
        ['QQ区', ['苹果QQ区']],
        ['微信区', ['苹果微信区']],
      ],
      android: [
        ['QQ区', ['安卓QQ区']],
        ['微信区', ['安卓微信区']],
      ],
    },
    fields: [
      choice('rank', '段位', ['黄金', '铂金', '钻石', '大师', '宗师', '王者']),
      int('legends', '小小英雄', 0, 400, '个', { highlight: true }),
      int('arenas', '竞技场', 0, 120, '个'),
      int('booms', '攻击特效', 0, 100, '个'),
      rare('rare_legends', '稀有小小英雄', [
        '至臻·奥德赛',
        '金色·小火龙',
        '炼金·咕噜',
        '星之守护者·海莉',
        '冠冕·魔法猫咪',
      ]),
    ],
    bindings: tencent,
    guarantees: ['basic'],
    priceYuan: [20, 5000],
  },
  {
    name: '崩坏：星穹铁道',
    slug: 'xqtd',
    color: '#5b4b8a',
    platforms: ['ios', 'android', 'pc'],
    hot: true,
    slogan: '开拓者满级号',
    partitions: {
      ios: side(['官服（星穹列车）']),
      android: side(['官服（星穹列车）', 'B服（无名客）']),
      pc: side(['官服（星穹列车）', 'B服（无名客）']),
    },
    fields: [
      int('level', '开拓等级', 1, 70, '级', { highlight: true }),
      int('five_star_chars', '五星角色', 0, 60, '个', { highlight: true }),
      int('light_cones', '五星光锥', 0, 50, '个'),
      int('jades', '星琼', 0, 100000, '颗', { required: false, filterable: false }),
      rare('limited', '限定角色', [
        '卡芙卡',
        '刃',
        '丹恒·饮月',
        '景元',
        '银狼',
        '黄泉',
        '流萤',
        '知更鸟',
        '花火',
        '镜流',
      ]),
    ],
    bindings: bindingsWith(email, link('tap', 'TapTap')),
    guarantees: ['basic', 'extended'],
    priceYuan: [50, 10000],
  },
  {
    name: '第五人格',
    slug: 'dwrg',
    color: '#444444',
    platforms: ['ios', 'android', 'pc'],
    hot: false,
    slogan: '金皮紫皮应有尽有',
    partitions: {
      ios: side(['官服']),
      android: side(['官服', '渠道服']),
      pc: side(['官服']),
    },
    fields: [
      choice('rank', '段位', ['三阶', '四阶', '五阶', '六阶', '七阶', '巅峰七阶']),
      int('gold_skins', '金皮', 0, 120, '个', { highlight: true }),
      int('purple_skins', '紫皮', 0, 400, '个', { highlight: true }),
      rare('rare_skins', '稀有时装', [
        '红蝶·白无垢',
        '杰克·孽蜥',
        '园丁·破晓',
        '调香师·香水',
        '机械师·彼岸之花',
      ]),
    ],
    bindings: bindingsWith(email, link('netease', '网易大神')),
    guarantees: ['basic'],
    priceYuan: [20, 6000],
  },
  {
    name: '蛋仔派对',
    slug: 'dzpd',
    color: '#ff8fb1',
    platforms: ['ios', 'android', 'pc'],
    hot: true,
    slogan: '隐藏款盲盒皮肤',
    partitions: {
      ios: side(['官服']),
      android: side(['官服', '渠道服']),
      pc: side(['官服']),
    },
    fields: [
      choice('rank', '段位', ['鹌鹑蛋', '鸽子蛋', '鹅蛋', '鸵鸟蛋', '恐龙蛋', '凤凰蛋']),
      int('skins', '皮肤数', 0, 800, '个', { highlight: true }),
      int('hidden', '隐藏款', 0, 100, '个', { highlight: true }),
      rare('rare_skins', '稀有皮肤', ['小黄鸭', '星际旅人', '樱花茶会', '甜心宝贝', '机甲先锋', '奶油兔兔']),
    ],
    bindings: bindingsWith(email, link('netease', '网易大神')),
    guarantees: ['basic'],
    priceYuan: [10, 3000],
  },
  {
    name: '火影忍者',
    slug: 'hyrz',
    color: '#f28c28',
    platforms: ['ios', 'android'],
    hot: false,
    slogan: 'S忍全图鉴',
    partitions: {
      ios: [
        ['QQ区', ['苹果QQ区']],
        ['微信区', ['苹果微信区']],
      ],
      android: [
        ['QQ区', ['安卓QQ区']],
        ['微信区', ['安卓微信区']],
      ],
    },
    fields: [
      choice('rank', '段位', ['中忍', '上忍', '精英上忍', '影', '超影']),
      int('power', '战力', 1000, 60000, ''),
      int('s_ninjas', 'S忍数量', 0, 150, '个', { highlight: true }),
      rare('rare_ninjas', '稀有忍者', [
        '宇智波斑[秽土转生]',
        '千手柱间[木遁]',
        '漩涡鸣人[六道模式]',
        '宇智波鼬[须佐能乎]',
        '大筒木辉夜',
        '宇智波带土[十尾人柱力]',
      ]),
    ],
    bindings: tencent,
    guarantees: ['basic', 'extended'],
    priceYuan: [30, 8000],
  },
  {
    name: '梦幻西游',
    slug: 'mhxy',
    color: '#1f7a5a',
    platforms: ['ios', 'android', 'pc'],
    hot: true,
    slogan: '经典回合，角色召唤兽',
    partitions: {
      ios: [['双平台', ['紫禁城', '长安城', '建邺城', '傲来国']]],
      android: [
        ['双平台', ['紫禁城', '长安城', '建邺城', '傲来国']],
        ['渠道服', ['花果山', '龙宫']],
      ],
      pc: [
        ['电信', ['紫禁城', '长安城', '蓬莱仙岛']],
        ['网通', ['北京一区', '天津一区']],
      ],
    },
    fields: [
      choice('school', '门派', [
        '大唐官府',
        '化生寺',
        '女儿村',
        '方寸山',
        '狮驼岭',
        '魔王寨',
        '盘丝洞',
        '阴曹地府',
        '东海龙宫',
        '五庄观',
        '普陀山',
        '天宫',
      ]),
      int('level', '人物等级', 69, 175, '级', { highlight: true }),
      int('cultivation', '人物修炼', 0, 100, ''),
      int('pets', '召唤兽', 0, 30, '只'),
      rare('treasures', '珍品', ['无级别武器', '特技装备', '全红神兽', '九彩云龙', '祥瑞坐骑']),
    ],
    bindings: bindingsWith(email, link('netease', '网易将军令')),
    guarantees: ['basic', 'extended', 'lifetime'],
    priceYuan: [100, 30000],
  },
  {
    name: '穿越火线',
    slug: 'cf',
    color: '#8b0000',
    platforms: ['pc', 'android', 'ios'],
    hot: false,
    slogan: '英雄级武器号',
    partitions: {
      pc: [
        ['电信', numbered('电信', 6)],
        ['网通', numbered('网通', 3)],
      ],
      android: [['枪战王者', ['手游QQ区', '手游微信区']]],
      ios: [['枪战王者', ['手游QQ区', '手游微信区']]],
    },
    fields: [
      choice('rank', '军衔', ['少尉', '中尉', '上尉', '少校', '中校', '上校', '将军', '元帅']),
      int('hero_weapons', '英雄级武器', 0, 120, '把', { highlight: true }),
      int('characters', '角色数', 0, 80, '个'),
      rare('rare_weapons', '稀有武器', [
        'AK47-火麒麟',
        'M4A1-雷神',
        '巴雷特-毁灭',
        '屠龙',
        'AWM-天龙',
        '毁灭-炽焰',
      ]),
    ],
    bindings: bindingsWith(link('qq', 'QQ'), link('wegame', 'WeGame')),
    guarantees: ['basic', 'extended'],
    priceYuan: [50, 10000],
  },
  {
    name: '明日方舟',
    slug: 'mrfz',
    color: '#2b2b2b',
    platforms: ['ios', 'android'],
    hot: false,
    slogan: '六星干员精二号',
    partitions: {
      ios: side(['官服']),
      android: side(['官服', 'B服']),
    },
    fields: [
      int('level', '博士等级', 1, 120, '级', { highlight: true }),
      int('six_star', '六星干员', 0, 100, '个', { highlight: true }),
      int('originium', '源石', 0, 2000, '颗', { required: false, filterable: false }),
      rare('limited', '限定干员', [
        '年',
        '夕',
        '令',
        'W',
        '浊心斯卡蒂',
        '迷迭香',
        '缄默德克萨斯',
        '归溟幽灵鲨',
      ]),
    ],
    bindings: bindingsWith(link('tap', 'TapTap')),
    guarantees: ['basic'],
    priceYuan: [30, 5000],
  },
];

export function guaranteeOptions(codes: GuaranteeOption['code'][]): GuaranteeOption[] {
  return feeSchedule.compensation
    .filter((option) => codes.includes(option.code))
    .map((option) => ({
      code: option.code,
      name: option.name,
      description: guaranteePlanSummary(option),
    }));
}

export function publishSchemaOf(game: CatalogueGame): PublishSchema {
  return {
    fields: game.fields,
    bindings: game.bindings,
    guarantees: guaranteeOptions(game.guarantees),
    minScreenshots: 2,
    maxScreenshots: 20,
  };
}
