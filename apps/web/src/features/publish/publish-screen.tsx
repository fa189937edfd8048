import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { GoodsData } from '@haoshi/contracts';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useGoodsData } from './api/goods-data';
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

/**
 * /publishGoods (login): the publish wizard; `?goods_id=` edits a draft, off-shelf or on-sale listing,
 * `?game_id=` starts with that game. The page is kept alive, so a half-filled draft survives
 * leaving it; a new address (another listing or game) or 继续发布 starts a fresh one.
 */
export default function PublishScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const goodsId = positiveInt(params.get('goods_id'));
  const gameId = positiveInt(params.get('game_id'));
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
  const key = `${goodsId ?? 'new'}-${gameId ?? ''}-${round}`;
  return goodsId === undefined ? (
    <PublishWizard key={key} gameId={gameId} onFinished={onFinished} />
  ) : (
    <EditWizard key={key} goodsId={goodsId} onFinished={onFinished} />
  );
}
