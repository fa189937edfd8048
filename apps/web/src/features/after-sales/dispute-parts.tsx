import { Card, Image, ImageViewer, Steps, Tag } from 'antd-mobile';
import { useState } from 'react';
import type { DisputeDetail, ProcessTimelineEntry } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { roleLabels } from './labels';

export function EvidenceImages({ urls }: { urls: readonly string[] }) {
  const [opened, setOpened] = useState<number | null>(null);
  if (urls.length === 0) return null;
  return (
    <div className="after-sales__images">
      {urls.map((url, index) => (
        <Image
          key={url}
          src={url}
          width="2rem"
          height="2rem"
          fit="cover"
          alt={`凭证${index + 1}`}
          onClick={() => setOpened(index)}
        />
      ))}
      {opened === null ? null : (
        <ImageViewer.Multi images={[...urls]} visible defaultIndex={opened} onClose={() => setOpened(null)} />
      )}
    </div>
  );
}

/** The claim: the order, who opened it, why, and the evidence. */
export function DisputeSummary({ detail }: { detail: DisputeDetail }) {
  return (
    <Card
      title={detail.goods.title}
      extra={<Tag color={detail.state === 'open' ? 'warning' : 'success'}>{detail.order_state_label}</Tag>}
    >
      <dl className="after-sales__facts">
        <dt>订单号</dt>
        <dd>{detail.order_no}</dd>
        <dt>实付金额</dt>
        <dd>¥{detail.payable}</dd>
        <dt>托管中</dt>
        <dd>¥{detail.escrow}</dd>
        <dt>申请方</dt>
        <dd>{roleLabels[detail.opened_by]}</dd>
        <dt>售后原因</dt>
        <dd>{detail.reason_label}</dd>
        <dt>申请时间</dt>
        <dd>{formatChinaDateTime(detail.created_at)}</dd>
      </dl>
      <p className="after-sales__text">{detail.description}</p>
      <EvidenceImages urls={detail.images} />
    </Card>
  );
}

export function SettlementCard({ detail }: { detail: DisputeDetail }) {
  const settlement = detail.settlement;
  if (!settlement) return null;
  return (
    <Card title="处理结果" data-testid="dispute-settlement">
      <dl className="after-sales__facts">
        <dt>结果</dt>
        <dd>{settlement.outcome_label}</dd>
        <dt>退还买家</dt>
        <dd>¥{settlement.buyer_amount}</dd>
        <dt>卖家部分</dt>
        <dd>¥{settlement.seller_amount}</dd>
        <dt>平台服务费</dt>
        <dd>¥{settlement.fee_amount}</dd>
        <dt>处理时间</dt>
        <dd>{formatChinaDateTime(settlement.resolved_at)}</dd>
      </dl>
      <p className="after-sales__text">理由：{settlement.reason}</p>
    </Card>
  );
}

export function MessageThread({ detail }: { detail: DisputeDetail }) {
  if (detail.messages.length === 0)
    return <p className="after-sales__hint">暂无留言，可补充说明或上传凭证</p>;
  return (
    <ul className="after-sales__thread">
      {detail.messages.map((message) => (
        <li
          key={message.id}
          className={
            message.mine ? 'after-sales__message after-sales__message--mine' : 'after-sales__message'
          }
        >
          <span className="after-sales__author">
            {message.mine ? '我' : roleLabels[message.author_role]} ·{' '}
            {formatChinaDateTime(message.created_at)}
          </span>
          <p>{message.content}</p>
          <EvidenceImages urls={message.images} />
        </li>
      ))}
    </ul>
  );
}

export function OrderTimeline({ entries }: { entries: readonly ProcessTimelineEntry[] }) {
  return (
    <Steps direction="vertical" current={entries.length - 1}>
      {entries.map((entry) => (
        <Steps.Step
          key={`${entry.action}-${entry.to}-${entry.created_at}`}
          title={entry.to_label}
          description={[formatChinaDateTime(entry.created_at), entry.reason].filter(Boolean).join(' · ')}
          status="finish"
        />
      ))}
    </Steps>
  );
}
