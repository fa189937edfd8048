import { GoodsDetailScreen } from './goods-detail-screen';

/** /kxrGoodsDetail (看学人): the same listing, leading with how its screenshots were verified. */
export default function KxrGoodsDetailScreen() {
  return <GoodsDetailScreen variant="kxr" />;
}
