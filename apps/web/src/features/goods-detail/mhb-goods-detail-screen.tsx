import { GoodsDetailScreen } from './goods-detail-screen';

/** /mhbProductCommon?goods_id=…: a listing of the 精选 selection, leading with its checks and 包赔. */
export default function MhbGoodsDetailScreen() {
  return <GoodsDetailScreen variant="mhb" />;
}
