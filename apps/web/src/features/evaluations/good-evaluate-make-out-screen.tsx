import { Button, Form, Selector, TextArea } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  buyerTags,
  commentTags,
  EVALUATION_TEXT_MAX,
  evaluationTagLabels,
  type EvaluableOrder,
  type EvaluationTag,
} from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { RequireLogin } from '@/ui/require-login';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useEvaluationMain } from './api/evaluation-main';
import { useSubmitEvaluation } from './api/submit-evaluation';
import { useOrderNoParam } from './order-no';
import { StarPicker } from './star-picker';
import './evaluations.css';

function EvaluationForm({
  order,
  minChars,
  amount,
}: {
  order: EvaluableOrder;
  minChars: number;
  amount: string;
}) {
  const navigate = useNavigate();
  const [stars, setStars] = useState(0);
  const [serviceStars, setServiceStars] = useState(0);
  const [tags, setTags] = useState<EvaluationTag[]>([]);
  const [content, setContent] = useState('');
  const idempotencyKey = useRef(crypto.randomUUID());
  const submit = useSubmitEvaluation((result) => {
    const next = result.cashback_paid ? '/goodsEvaluateReturnCash' : '/evaluationService';
    void navigate(`${next}?order_no=${order.order_no}`, { replace: true });
  });
  const buyer = order.role === 'buyer';
  const options = (buyer ? commentTags : buyerTags).map((value) => ({
    value,
    label: evaluationTagLabels[value],
  }));
  const chars = Array.from(content.trim()).length;
  return (
    <Form
      layout="vertical"
      footer={
        <Button
          block
          color="primary"
          size="large"
          disabled={stars === 0 || serviceStars === 0}
          loading={submit.isPending}
          onClick={() =>
            submit.mutate({
              request: {
                order_no: order.order_no,
                stars,
                service_stars: serviceStars,
                tags,
                content: content.trim(),
              },
              idempotencyKey: idempotencyKey.current,
            })
          }
        >
          提交评价
        </Button>
      }
    >
      <Form.Header>
        {order.goods.title} · 请在 {formatChinaDateTime(order.evaluate_by)} 前评价
      </Form.Header>
      <Form.Item label={buyer ? '对卖家的评分' : '对买家的评分'} required>
        <StarPicker value={stars} onChange={setStars} label="评分" />
      </Form.Item>
      <Form.Item label="平台服务评分" required>
        <StarPicker value={serviceStars} onChange={setServiceStars} label="服务评分" />
      </Form.Item>
      <Form.Item label="标签（最多5个）">
        <Selector
          multiple
          columns={3}
          options={options}
          value={tags}
          onChange={(values) => setTags(values.slice(0, 5))}
        />
      </Form.Item>
      <Form.Item
        label="文字评价"
        description={
          buyer ? `写满${minChars}字即可获得 ¥${amount} 评价返现（与星级无关），已写 ${chars} 字` : undefined
        }
      >
        <TextArea
          placeholder="说说这次交易的感受，勿填写手机号、微信等联系方式"
          value={content}
          onChange={setContent}
          maxLength={EVALUATION_TEXT_MAX}
          showCount
          rows={5}
        />
      </Form.Item>
    </Form>
  );
}

function MakeOut() {
  const orderNo = useOrderNoParam();
  const navigate = useNavigate();
  const main = useEvaluationMain(orderNo);
  if (main.isPending) return <ScreenSkeleton />;
  if (main.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="评价信息加载失败"
        description={main.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void main.refetch() }]}
      />
    );
  const order = main.data.order;
  if (!order)
    return (
      <StatusScreen
        status="empty"
        title="请选择要评价的订单"
        description="在我的评价中可以看到待评价的订单"
        actions={[{ text: '去我的评价', primary: true, onClick: () => void navigate('/evaluateList') }]}
      />
    );
  if (!order.can_evaluate)
    return (
      <StatusScreen
        status="default"
        title={order.reason}
        description="可以查看这笔订单的评价详情"
        actions={[
          {
            text: '查看评价',
            primary: true,
            onClick: () => void navigate(`/evaluationService?order_no=${order.order_no}`),
          },
        ]}
      />
    );
  return (
    <EvaluationForm order={order} minChars={main.data.offer.min_chars} amount={main.data.offer.amount} />
  );
}

/** /goodEvaluateMakeOut?order_no=…: write the evaluation of a completed order. */
export default function GoodEvaluateMakeOutScreen() {
  return (
    <RequireLogin>
      <MakeOut />
    </RequireLogin>
  );
}
