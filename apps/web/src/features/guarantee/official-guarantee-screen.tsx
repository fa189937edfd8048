import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GuaranteePlan } from '@haoshi/contracts';
import { validAmount } from '@/core/amount';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useGuaranteePlans } from './api/guarantee-plans';
import { protectionText } from './labels';
import './guarantee.css';

const rows: ReadonlyArray<{ label: string; cell: (plan: GuaranteePlan) => React.ReactNode }> = [
  { label: '保障期', cell: (plan) => protectionText(plan.protection_days) },
  {
    label: '保障范围',
    cell: (plan) => (
      <ul>
        {plan.covers.map((cover) => (
          <li key={cover}>{cover}</li>
        ))}
      </ul>
    ),
  },
  { label: '赔付比例', cell: (plan) => `成交价的${plan.compensation_ratio}` },
  { label: '费率', cell: (plan) => `成交价的${plan.rate}` },
  { label: '最低收费', cell: (plan) => `¥${plan.min_fee}` },
];

const pricedRows: typeof rows = [
  { label: '服务费', cell: (plan) => (plan.fee === null ? '—' : `¥${plan.fee}`) },
  { label: '最高赔付', cell: (plan) => (plan.max_compensation === null ? '—' : `¥${plan.max_compensation}`) },
];

/** The plans side by side: what each covers, for how long, what it pays and what it costs. */
export function PlansTable({ plans, priced }: { plans: readonly GuaranteePlan[]; priced: boolean }) {
  return (
    <div className="guarantee__table-wrap">
      <table className="guarantee__table" data-testid="plans-table">
        <thead>
          <tr>
            <th scope="col">方案</th>
            {plans.map((plan) => (
              <th key={plan.code} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...rows, ...(priced ? pricedRows : [])].map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {plans.map((plan) => (
                <td key={plan.code}>{row.cell(plan)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /officialGuarantee[?price=]: 官方包赔, the plans a buyer may add to a guaranteed trade, compared in
 * one table; a deal price prices every plan.
 */
export default function OfficialGuaranteeScreen() {
  const [params, setParams] = useSearchParams();
  const price = validAmount(params.get('price') ?? '') ?? '';
  const [draft, setDraft] = useState(price);
  const plans = useGuaranteePlans(price);
  if (plans.isPending) return <ScreenSkeleton />;
  if (plans.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="包赔方案加载失败"
        description="请检查网络后重试"
        actions={[{ text: '重新加载', primary: true, onClick: () => void plans.refetch() }]}
      />
    );
  const apply = () => {
    const amount = validAmount(draft);
    setParams(amount ? { price: amount } : {}, { replace: true });
  };
  return (
    <div className="guarantee">
      <section className="guarantee__section">
        <h2>官方包赔</h2>
        <p className="guarantee__lead">
          担保交易下单时可选购包赔：保障期内账号被找回，平台先行从包赔基金赔付到你的余额，再向卖家追偿。
        </p>
      </section>
      <section className="guarantee__section">
        <h2>方案对比</h2>
        <PlansTable plans={plans.data.plans} priced={plans.data.price !== null} />
      </section>
      <section className="guarantee__section">
        <h2>按成交价计算</h2>
        <div className="guarantee__price-input">
          <Input
            aria-label="成交价（元）"
            placeholder="输入成交价，例如 300"
            value={draft}
            onChange={setDraft}
            inputMode="decimal"
            clearable
          />
          <Button size="small" color="primary" onClick={apply}>
            计算
          </Button>
        </div>
        {plans.data.price === null ? null : (
          <p className="guarantee__lead">成交价 ¥{plans.data.price} 时各方案的服务费与最高赔付见上表。</p>
        )}
      </section>
    </div>
  );
}
