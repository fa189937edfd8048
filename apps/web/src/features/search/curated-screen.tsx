import { Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { EndlessList } from '@/ui/endless-list';
import { GoodsCard, GoodsListSkeleton } from '@/ui/goods-card';
import { StatusScreen } from '@/ui/status-screen';
import { useGoodsList } from './api/goods-list';
import { curatedTabs, searchMessages as m } from './messages';
import './search.css';

/** /mhbProductCommon (精选商品): listings with verified screenshots and guarantee, hottest first. */
export default function CuratedScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = curatedTabs.find((candidate) => candidate.key === params.get('tab')) ?? curatedTabs[0];
  const key = tab?.key ?? 'best';
  const list = useGoodsList({ sort: 'hot', tags: tab?.tags ?? [], attrs: [] });
  return (
    <div className="goods-list-screen curated">
      <div className="goods-list-screen__top">
        <Tabs activeKey={key} onChange={(next) => setParams({ tab: next }, { replace: true })}>
          {curatedTabs.map((item) => (
            <Tabs.Tab key={item.key} title={item.title} />
          ))}
        </Tabs>
      </div>
      <p className="curated__intro">{m.curatedIntro}</p>
      <div className="goods-list-screen__results">
        <EndlessList
          query={list}
          keyOf={(item) => item.id}
          renderItem={(item) => <GoodsCard goods={item} />}
          skeleton={<GoodsListSkeleton count={5} />}
          errorTitle={m.listFailed}
          label={tab?.title}
          empty={
            <StatusScreen
              status="empty"
              title={m.curatedEmpty}
              description={m.curatedEmptyBody}
              actions={[
                { text: m.allGoods, primary: true, onClick: () => void navigate('/search_goods_list') },
              ]}
              testId="curated-empty"
            />
          }
        />
      </div>
    </div>
  );
}
