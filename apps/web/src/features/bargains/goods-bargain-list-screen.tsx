import { useSearchParams } from 'react-router';
import { RequireLogin } from '@/ui/require-login';
import { BargainLists } from './bargain-lists';
import { BargainThread } from './bargain-thread';
import './bargains.css';

const idParam = (value: string | null) => {
  const id = Number(value ?? 0);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * /goodsBargainList (议价记录): with goods_id or bargain_id, one bargain thread and the offer form;
 * otherwise the viewer's bargains as buyer (我出的价) and as seller (收到的议价).
 */
export default function GoodsBargainListScreen() {
  const [params] = useSearchParams();
  const goodsId = idParam(params.get('goods_id'));
  const bargainId = idParam(params.get('bargain_id'));
  return (
    <RequireLogin>
      {goodsId || bargainId ? (
        <BargainThread
          key={`${goodsId ?? 0}-${bargainId ?? 0}`}
          target={{ ...(goodsId ? { goodsId } : {}), ...(bargainId ? { bargainId } : {}) }}
        />
      ) : (
        <BargainLists />
      )}
    </RequireLogin>
  );
}
