import { Button, Result } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { GoodsData } from '@haoshi/contracts';
import { goodsDetailPath } from '@/core/brands';
import { publishMessages as text } from '../messages';

interface PublishResultProps {
  data: GoodsData;
  onAnother: () => void;
}

/** After submitting: on sale at once, waiting for review, or sent back with the reviewer's note. */
export function PublishResult({ data, onAnother }: PublishResultProps) {
  const navigate = useNavigate();
  const onSale = data.status === 'on_sale';
  const rejected = data.status === 'draft';
  return (
    <div className="publish-result" data-testid="publish-result" data-status={data.status}>
      <Result
        status={onSale ? 'success' : rejected ? 'warning' : 'waiting'}
        title={onSale ? text.onSale : rejected ? text.rejected : text.pendingReview}
        description={rejected ? data.review_note : data.title}
      />
      <div className="publish-result__actions">
        {data.status === 'on_sale' ? (
          <Button block color="primary" onClick={() => void navigate(goodsDetailPath(data.id))}>
            {text.viewGoods}
          </Button>
        ) : null}
        <Button block onClick={() => void navigate('/myGoods')}>
          {text.myGoods}
        </Button>
        <Button block fill="none" onClick={onAnother}>
          {text.publishAnother}
        </Button>
      </div>
    </div>
  );
}
