import { GoodsDetailScreen } from './goods-detail-screen';

/** /thwGoodsDetail (淘号玩): the same listing, leading with its 包赔 cover. */
export default function ThwGoodsDetailScreen() {
  return <GoodsDetailScreen variant="thw" />;
}
