import {
  feeSchedule,
  rateFee,
  sincerityKindLabels,
  sincerityKinds,
  sincerityLevels,
  withdrawalFee,
  type CompensationOption,
  type RateFee,
} from '@haoshi/contracts';
import { feePayerLabels, formatRate, formatYuan } from '@/core/amount';
import type { LegalDocument, LegalSection, LegalTable } from '../legal-document';
import { contactParagraphs, operator } from './operator';
import { ref } from './ref';

const { guaranteedTrade, rental, recycle, withdrawal, promotion, compensation } = feeSchedule;

/** Every level of the deposit (sincerity.ts, what the server asks for), by kind. */
const depositRows = sincerityKinds.flatMap((kind) =>
  sincerityLevels[kind].map((level) => [
    `${level.name}（${sincerityKindLabels[kind]}）`,
    formatYuan(level.requiredFen),
  ]),
);

/** Services side by side (one column each), so the table fits a 375px screen without scrolling. */
function rateFeeTable(services: [name: string, base: string, rule: RateFee][]): LegalTable {
  const row = (label: string, cell: (base: string, rule: RateFee) => string) => [
    label,
    ...services.map(([, base, rule]) => cell(base, rule)),
  ];
  return {
    columns: ['项目', ...services.map(([name]) => name)],
    rows: [
      row('计费基数', (base) => base),
      row('费率', (_, rule) => formatRate(rule.rateBp)),
      row('单笔最低', (_, rule) => formatYuan(rule.minFen)),
      row('单笔最高', (_, rule) => (rule.maxFen === null ? '不设上限' : formatYuan(rule.maxFen))),
      row('收取对象', (_, rule) => feePayerLabels[rule.payer]),
    ],
  };
}

function compensationTable(options: readonly CompensationOption[]): LegalTable {
  const row = (label: string, cell: (option: CompensationOption) => string) => [label, ...options.map(cell)];
  return {
    columns: ['项目', ...options.map((option) => option.name)],
    rows: [
      row('费率', (option) => formatRate(option.rateBp)),
      row('最低收取', (option) => formatYuan(option.minFen)),
      row('保障期', (option) =>
        option.protectionDays === null ? '终身' : `完成后${option.protectionDays}天`,
      ),
      row('收取对象', (option) => feePayerLabels[option.payer]),
    ],
  };
}

/** Worked examples, computed with the same functions the server charges with. */
function exampleRows(): string[][] {
  const price = 100_000;
  const smallPrice = 5_000;
  const rent = 3_000;
  const withdrawn = withdrawal.dailyFreeQuotaFen + 30_000;
  return [
    [`担保交易，成交价${formatYuan(price)}`, formatYuan(rateFee(price, guaranteedTrade))],
    [`担保交易，成交价${formatYuan(smallPrice)}`, formatYuan(rateFee(smallPrice, guaranteedTrade))],
    [`租号，租金${formatYuan(rent)}`, formatYuan(rateFee(rent, rental))],
    [`账号回收，回收价${formatYuan(price)}`, formatYuan(rateFee(price, recycle))],
    [
      `当日首次提现${formatYuan(withdrawn)}`,
      formatYuan(withdrawalFee(withdrawn, withdrawal.dailyFreeQuotaFen)),
    ],
    ...compensation.map((option) => [
      `${option.name}，成交价${formatYuan(price)}`,
      formatYuan(rateFee(price, { ...option, maxFen: null })),
    ]),
  ];
}

const sections: LegalSection[] = [
  {
    heading: '一、收费原则',
    paragraphs: [
      '平台为账号交易提供资金托管、账号核验、换绑协助、电子签约、客服介入和纠纷处理等服务，并据此收取服务费。本页列出平台收取的全部费用，本页未列出的费用平台一律不收取；任何人以平台名义要求您额外支付“保证金”“解冻费”“验证费”的，均为诈骗。',
      '所有费用以人民币计，精确到分，计算结果按四舍五入取整到分，再按最低、最高收取额调整。下单、提现页面会在您确认前展示本次的具体费用，使用优惠券的按抵扣后的金额支付。',
    ],
  },
  {
    heading: '二、交易服务费',
    paragraphs: ['交易服务费在订单完成、平台向卖家（出租方）结算时从结算款中扣除，买家（承租方）无需另付。'],
    table: rateFeeTable([
      ['担保交易', '成交价', guaranteedTrade],
      ['租号', '租金', rental],
      ['账号回收', '回收价', recycle],
    ]),
  },
  {
    heading: '三、提现手续费',
    paragraphs: [
      '每个自然日（北京时间）内，累计提现金额在免费额度以内的部分不收手续费；超出部分按费率计收，单笔不足最低收取额的按最低收取额计收。',
    ],
    table: {
      columns: ['项目', '标准'],
      rows: [
        ['手续费率', formatRate(withdrawal.rateBp)],
        ['单笔最低收取', formatYuan(withdrawal.minFen)],
        ['每日免费额度', formatYuan(withdrawal.dailyFreeQuotaFen)],
      ],
    },
  },
  {
    heading: '四、诚意金',
    paragraphs: [
      `诚意金（保证金）不是费用，而是您存放在平台的资金，计入钱包总资产，缴纳和退还都不计入收支。卖家按档位缴纳，获得对应的标识和权益；回收商缴纳后方可参与回收出价。缴纳时从钱包可用余额中补足到所选档位。`,
      `没有由诚意金担保的进行中订单或商品、也没有待处理的违约扣款时，可以随时申请退还，诚意金全额即时退回钱包可用余额。违约时的扣除规则见${ref('/tradeRules')}。`,
    ],
    table: { columns: ['档位', '金额'], rows: depositRows },
  },
  {
    heading: '五、推广服务',
    paragraphs: [
      '推广金通过购买推广套餐获得，仅可用于推广扣费，不可提现或转让；推广计划按有效点击扣费，同一用户24小时内的重复点击只计一次。',
    ],
    table: {
      columns: ['推广套餐', '支付金额', '到账推广金'],
      rows: promotion.packages.map((p, index) => [
        `套餐${index + 1}`,
        formatYuan(p.payFen),
        formatYuan(p.creditFen),
      ]),
    },
  },
  {
    heading: '六、推广计费标准',
    table: {
      columns: ['项目', '标准'],
      rows: [
        ['每次有效点击', formatYuan(promotion.clickPriceFen)],
        ['每日预算下限', formatYuan(promotion.minDailyBudgetFen)],
      ],
    },
  },
  {
    heading: '七、包赔服务费',
    paragraphs: [
      `包赔服务由买家在下单时自愿选购，按成交价计费，与账号价款一同支付。保障范围和理赔流程见${ref('/mhbCompensation')}和${ref('/allLifeGuarantee')}。`,
    ],
    table: compensationTable(compensation),
  },
  {
    heading: '八、计费示例',
    paragraphs: ['以下示例按本页标准计算，实际金额以下单、提现页面展示为准。'],
    table: { columns: ['场景', '费用'], rows: exampleRows() },
  },
  {
    heading: '九、费用的退还',
    list: [
      '订单在签署《账号转让协议》前取消或因卖家原因退款的，不收取交易服务费，买家已付的包赔服务费全额退还。',
      '签署协议后因纠纷全额退款的，平台不收取交易服务费；部分退款的，按卖家实际收到的金额计收。',
      '包赔服务生效后，除订单全额退款外，包赔服务费不予退还。',
      '提现失败或被退回的，手续费随提现金额一并退回钱包。',
      '推广金在推广计划停止后仍保留在推广余额中，可继续使用；因平台原因无法提供推广服务的，可申请退还未使用的支付金额。',
    ],
  },
  {
    heading: '十、标准的调整与咨询',
    paragraphs: [
      `收费标准调整前七日，我们会在本页和站内公告中公示，调整前已成立的订单按原标准执行。您可以在订单完成后通过客服申请服务费电子发票。本页更新于${operator.updatedAt}，自${operator.effectiveDate}起生效。`,
      ...contactParagraphs,
    ],
  },
];

export const serviceFeeDocument: LegalDocument = {
  title: '服务费说明',
  updatedAt: operator.updatedAt,
  sections,
};
