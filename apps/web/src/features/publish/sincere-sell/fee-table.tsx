import { feeSchedule, rateFee, sincerityLevels, type RateFee } from '@haoshi/contracts';
import { feePayerLabels, formatFen, formatRate, formatYuan } from '@/core/amount';
import { sincereSellMessages as text } from '../messages';

const yuan = (fen: number) => formatYuan(fen, { short: true });
const range = (fee: Pick<RateFee, 'minFen' | 'maxFen'>) =>
  `${yuan(fee.minFen)} / ${fee.maxFen === null ? text.noLimit : yuan(fee.maxFen)}`;

interface FeeRow {
  name: string;
  rate: string;
  range: string;
  payer: string;
}

/** The rows a seller cares about, straight from contracts' fee schedule. */
export function sellerFeeRows(): FeeRow[] {
  const trade = feeSchedule.guaranteedTrade;
  return [
    {
      name: '担保交易服务费',
      rate: formatRate(trade.rateBp),
      range: range(trade),
      payer: feePayerLabels[trade.payer],
    },
    ...feeSchedule.compensation.map((option) => ({
      name: option.name,
      rate: formatRate(option.rateBp),
      range: `${yuan(option.minFen)} / ${text.noLimit}`,
      payer: feePayerLabels[option.payer],
    })),
    {
      name: '诚意金',
      rate: '—',
      range: `${yuan(sincerityLevels.seller[0]?.requiredFen ?? 0)}${text.from}（${text.refundable}）`,
      payer: feePayerLabels.seller,
    },
  ];
}

const EXAMPLE_PRICE_FEN = 100_000;

/** The fee schedule as a small table, with what a seller keeps of an example price. */
export function FeeTable() {
  const fee = rateFee(EXAMPLE_PRICE_FEN, feeSchedule.guaranteedTrade);
  return (
    <figure className="fee-table">
      <table>
        <thead>
          <tr>
            <th scope="col">{text.feeItem}</th>
            <th scope="col">{text.feeRate}</th>
            <th scope="col">{text.feeRange}</th>
            <th scope="col">{text.feePayer}</th>
          </tr>
        </thead>
        <tbody>
          {sellerFeeRows().map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{row.rate}</td>
              <td>{row.range}</td>
              <td>{row.payer}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption>
        {text.feeExample(
          yuan(EXAMPLE_PRICE_FEN).replace('元', ''),
          formatFen(fee),
          formatFen(EXAMPLE_PRICE_FEN - fee),
        )}
      </figcaption>
    </figure>
  );
}
