import { Card, Image, ImageViewer, List, Steps, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ClaimDetail, ClaimListItem, ProcessTimelineEntry } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { claimStateColors } from './labels';

export function ClaimImages({ urls }: { urls: readonly string[] }) {
  const [opened, setOpened] = useState<number | null>(null);
  if (urls.length === 0) return null;
  return (
    <div className="guarantee__images">
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

/** The claim: the order, the plan, the amounts and what the buyer described. */
export function ClaimSummary({ detail }: { detail: ClaimDetail }) {
  return (
    <Card
      title={detail.goods.title}
      extra={<Tag color={claimStateColors[detail.state]}>{detail.state_label}</Tag>}
    >
      <dl className="guarantee__facts">
        <dt>找回单号</dt>
        <dd>{detail.claim_no}</dd>
        <dt>订单号</dt>
        <dd>{detail.order_no}</dd>
        <dt>包赔方案</dt>
        <dd>
          {detail.plan.name}（{detail.plan.compensation_ratio}赔付）
        </dd>
        <dt>成交价</dt>
        <dd>¥{detail.price}</dd>
        <dt>赔付上限</dt>
        <dd>¥{detail.max_compensation}</dd>
        <dt>核定赔付</dt>
        <dd>{detail.compensation === null ? '待审核' : `¥${detail.compensation}`}</dd>
        {detail.seller_charged === null ? null : (
          <>
            <dt>向卖家追偿</dt>
            <dd>¥{detail.seller_charged}</dd>
          </>
        )}
        {detail.compensated_at ? (
          <>
            <dt>赔付时间</dt>
            <dd>{formatChinaDateTime(detail.compensated_at)}</dd>
          </>
        ) : null}
        <dt>申请时间</dt>
        <dd>{formatChinaDateTime(detail.created_at)}</dd>
      </dl>
      <p className="guarantee__text">{detail.description}</p>
      <ClaimImages urls={detail.images} />
    </Card>
  );
}

/** The claim's history (process_transitions): each state entered, when, and the reason given. */
export function ClaimTimeline({ entries }: { entries: readonly ProcessTimelineEntry[] }) {
  return (
    <Steps direction="vertical" current={entries.length - 1}>
      {entries.map((entry) => (
        <Steps.Step
          key={`${entry.action}-${entry.to}-${entry.created_at}`}
          title={entry.action === 'create' ? '提交申请' : entry.action_label}
          description={[formatChinaDateTime(entry.created_at), entry.reason].filter(Boolean).join(' · ')}
          status="finish"
        />
      ))}
    </Steps>
  );
}

/** Claims as a list, each opening `path(claim)`. */
export function ClaimItems({
  items,
  path,
}: {
  items: readonly ClaimListItem[];
  path: (item: ClaimListItem) => string;
}) {
  const navigate = useNavigate();
  return (
    <List>
      {items.map((item) => (
        <List.Item
          key={item.claim_no}
          data-testid="claim-item"
          onClick={() => void navigate(path(item))}
          description={`${item.claim_no} · ${item.plan_name} · ${formatChinaDateTime(item.created_at)}`}
          extra={<Tag color={claimStateColors[item.state]}>{item.state_label}</Tag>}
        >
          {item.goods.title}
          {item.compensation === null ? ` · 上限¥${item.max_compensation}` : ` · 赔付¥${item.compensation}`}
        </List.Item>
      ))}
    </List>
  );
}
