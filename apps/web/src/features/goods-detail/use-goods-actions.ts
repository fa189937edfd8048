import { useNavigate } from 'react-router';
import type { GoodsDetail } from '@haoshi/contracts';
import { goodsShareLink, goodsShareText } from '@/core/brands';
import { isNativeApp } from '@/core/channel';
import { showToast } from '@/core/feedback-ui';
import { startLoginFlow } from '@/core/login-flow';
import { bridge, isEmbedded } from '@/core/native-bridge';
import { useSaveGoods } from './api/save-goods';
import { useSaveStatus } from './api/save-status';
import { goodsDetailMessages as m } from './messages';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Favourite, share and chat: what the bottom bar and the top actions do, by login and platform. */
export function useGoodsActions(goods: GoodsDetail, loggedIn: boolean, loadedAt: number) {
  const navigate = useNavigate();
  const saveStatus = useSaveStatus(
    goods.id,
    loggedIn,
    { saved: goods.saved, favourites: goods.favourites },
    loadedAt,
  );
  const save = useSaveGoods(goods.id, (status) =>
    showToast(status.saved ? m.favouriteAdded : m.favouriteRemoved),
  );
  const saved = loggedIn && saveStatus.data.saved;

  const toggleFavourite = () => {
    if (!loggedIn) {
      startLoginFlow();
      return;
    }
    save.mutate(!saved);
  };

  /** In the apps the native share sheet; in a browser the brand's share text is copied and the QR page opens. */
  const share = async () => {
    if (isNativeApp()) {
      bridge.goodsShareAlert({ goods_id: goods.id });
      return;
    }
    if (await copyText(goodsShareText(goods.title, goodsShareLink(goods.id)))) showToast(m.linkCopied);
    void navigate(`/goodsQRCode?goods_id=${goods.id}`);
  };

  const chat = () => {
    if (!loggedIn) {
      startLoginFlow();
      return;
    }
    // Inside the apps (and the merchant console) the host opens its own chat.
    if (isNativeApp() || isEmbedded())
      bridge.toChat({ target_id: goods.seller.id, conversation_type: 'private', goods_id: goods.id });
    else void navigate(`/chat?target_id=${goods.seller.id}&goods_id=${goods.id}`);
  };

  return {
    saved,
    favourites: saveStatus.data.favourites,
    savePending: save.isPending,
    toggleFavourite,
    share,
    chat,
  };
}
