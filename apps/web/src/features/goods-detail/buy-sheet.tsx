import { Button, Popup, Radio, Space } from 'antd-mobile';
import { useState } from 'react';
import type { CompensationOptionCode, GoodsDetail } from '@haoshi/contracts';
import { guaranteeQuotes, priceBreakdown } from './purchase';
import { yuanText } from '@/core/amount';
import { goodsDetailMessages as m } from './messages';

const NONE = 'none';

interface BuySheetProps {
  goods: GoodsDetail;
  visible: boolean;
  /** 淘号玩 preselects the first 包赔 option; the others start without one. */
  preselectGuarantee: boolean;
  onClose: () => void;
  onConfirm: (guarantee: CompensationOptionCode | undefined) => void;
}

/** The price breakdown before ordering: price, the chosen 包赔 option, who pays the trade fee, total. */
export function BuySheet({ goods, visible, preselectGuarantee, onClose, onConfirm }: BuySheetProps) {
  const quotes = guaranteeQuotes(goods);
  const [choice, setChoice] = useState<CompensationOptionCode | undefined>(
    preselectGuarantee ? quotes[0]?.code : undefined,
  );
  const breakdown = priceBreakdown(goods, choice);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName="buy-sheet"
      aria-label={m.buyTitle}
    >
      <h2 className="buy-sheet__title">{m.buyTitle}</h2>
      <p className="buy-sheet__goods">{goods.title}</p>
      {quotes.length > 0 ? (
        <fieldset className="buy-sheet__guarantee">
          <legend>{m.chooseGuarantee}</legend>
          <Radio.Group
            value={choice ?? NONE}
            onChange={(value) =>
              setChoice(value === NONE ? undefined : quotes.find((quote) => quote.code === value)?.code)
            }
          >
            <Space direction="vertical" block>
              {quotes.map((quote) => (
                <Radio key={quote.code} value={quote.code} block>
                  {quote.name}（{m.guaranteeDays(quote.protectionDays)}）+{yuanText(quote.feeFen)}
                </Radio>
              ))}
              <Radio value={NONE} block>
                {m.breakdownNoGuarantee}
              </Radio>
            </Space>
          </Radio.Group>
        </fieldset>
      ) : null}
      <table className="buy-sheet__breakdown" aria-label="价格明细">
        <tbody>
          <tr>
            <th scope="row">{m.breakdownPrice}</th>
            <td>{yuanText(breakdown.priceFen)}</td>
          </tr>
          {breakdown.guarantee ? (
            <tr>
              <th scope="row">{m.breakdownGuarantee(breakdown.guarantee.name)}</th>
              <td>+{yuanText(breakdown.guarantee.feeFen)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">{m.breakdownTradeFee}</th>
            <td>
              {breakdown.tradeFeePaidBySeller
                ? m.breakdownTradeFeeSeller
                : `+${yuanText(breakdown.tradeFeeFen)}`}
            </td>
          </tr>
          <tr className="buy-sheet__total">
            <th scope="row">{m.breakdownTotal}</th>
            <td data-testid="buy-total">{yuanText(breakdown.totalFen)}</td>
          </tr>
        </tbody>
      </table>
      <p className="buy-sheet__hint">{m.breakdownHint}</p>
      <Button block color="primary" size="large" onClick={() => onConfirm(breakdown.guarantee?.code)}>
        {m.confirmBuy}
      </Button>
    </Popup>
  );
}
