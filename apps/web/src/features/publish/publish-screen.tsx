import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { GoodsData } from '@haoshi/contracts';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useGoodsData } from './api/goods-data';
import { useResellDraft } from './api/resell-draft';
import { publishMessages as text } from './messages';
import { PublishResult } from './wizard/publish-result';
import { PublishWizard } from './wizard/publish-wizard';
import './publish.css';

const positiveInt = (value: string | null): number | undefined => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

function EditWizard({ goodsId, onFinished }: { goodsId: number; onFinished: (data: GoodsData) => void }) {
  const goods = useGoodsData(goodsId);
  if (goods.isPending) return <ScreenSkeleton />;
  if (goods.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={text.loadFailed}
        description={goods.error.message || text.loadFailedHint}
        actions={[{ text: text.retry, primary: true, onClick: () => void goods.refetch() }]}
      />
    );
  return <PublishWizard existing={goods.data} onFinished={onFinished} />;
}

/** 转卖: the wizard filled in from the account bought in `orderNo` (price and login hint empty). */
function ResellWizard({ orderNo, onFinished }: { orderNo: string; onFinished: (data: GoodsData) => void }) {
  const navigate = useNavigate();
  const draft = useResellDraft(orderNo);
  if (draft.isPending) return <ScreenSkeleton />;
  if (draft.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={text.resellFailed}
        description={draft.error.message || text.loadFailedHint}
        actions={[
          { text: text.retry, primary: true, onClick: () => void draft.refetch() },
          { text: text.resellBack, onClick: () => void navigate('/resellList') },
        ]}
      />
    );
  return <PublishWizard resell={draft.data} onFinished={onFinished} />;
}

/**
 * /publishGoods (login): the publish wizard; `?goods_id=` edits a draft, off-shelf or on-sale listing,
 * `?game_id=` starts with that game, `?resell=<order_no>` (转卖) starts from the account bought in
 * that order. The page is kept alive, so a half-filled draft survives
 * leaving it; a new address (another listing or game) or 继续发布 starts a fresh one.
 */
export default function PublishScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const goodsId = positiveInt(params.get('goods_id'));
  const gameId = positiveInt(params.get('game_id'));
  const resell = params.get('resell') ?? undefined;
  const [finished, setFinished] = useState<{ data: GoodsData; at: string } | undefined>();
  const [round, setRound] = useState(0);

  // Coming back to the page by a new navigation after a finished submission starts over.
  if (finished && finished.at !== location.key) {
    setFinished(undefined);
    setRound(round + 1);
  }

  if (finished)
    return <PublishResult data={finished.data} onAnother={() => void navigate('/publishGoods')} />;
  const onFinished = (data: GoodsData) => setFinished({ data, at: location.key });
  const key = `${goodsId ?? 'new'}-${gameId ?? ''}-${resell ?? ''}-${round}`;
  if (goodsId !== undefined) return <EditWizard key={key} goodsId={goodsId} onFinished={onFinished} />;
  if (resell) return <ResellWizard key={key} orderNo={resell} onFinished={onFinished} />;
  return <PublishWizard key={key} gameId={gameId} onFinished={onFinished} />;
}
