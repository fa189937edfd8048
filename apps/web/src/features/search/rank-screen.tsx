import { Skeleton, Tabs } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useState } from 'react';
import { wholeYuan } from '@/core/amount';
import { resizeImage } from '@/core/image';
import { countText } from '@/ui/goods-format';
import { StatusScreen } from '@/ui/status-screen';
import { useTopGames, useTopStores } from './api/top';
import { searchMessages as m } from './messages';
import './search.css';

/** An average is compared, not paid: whole yuan read faster ("1855.08" → "1855"). */
function Medal({ rank }: { rank: number }) {
  return <span className={rank <= 3 ? `rank__medal rank__medal--${rank}` : 'rank__medal'}>{rank}</span>;
}

interface RankQuery<T> {
  isPending: boolean;
  isError: boolean;
  data?: { list: T[] };
  refetch: () => unknown;
}

/** Loading, error and empty around one ranked table. */
function RankBody<T>({ query, table }: { query: RankQuery<T>; table: (rows: T[]) => ReactNode }) {
  const navigate = useNavigate();
  if (query.isPending) {
    return (
      <div className="rank__table-wrap screen-skeleton" role="status" aria-busy="true" aria-label="加载中">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <StatusScreen
        status="disconnected"
        title={m.rankFailed}
        description={m.loadFailedBody}
        actions={[{ text: m.retry, primary: true, onClick: () => void query.refetch() }]}
        testId="rank-error"
      />
    );
  }
  if (query.data.list.length === 0) {
    return (
      <StatusScreen
        status="empty"
        title={m.rankEmpty}
        description={m.rankEmptyBody}
        actions={[{ text: m.goHome, onClick: () => void navigate('/') }]}
        testId="rank-empty"
      />
    );
  }
  return <div className="rank__table-wrap">{table(query.data.list)}</div>;
}

/** A game's icon or a store's avatar; an empty tile when there is none (an empty src reloads the page). */
function RankPicture({ url }: { url: string }) {
  return url ? (
    <img src={resizeImage(url, 56, 56)} alt="" loading="lazy" />
  ) : (
    <span className="rank__picture-missing" aria-hidden="true" />
  );
}

function GamesRank() {
  const games = useTopGames();
  return (
    <RankBody
      query={games}
      table={(rows) => (
        <table className="rank__table" aria-label={m.rankGames}>
          <thead>
            <tr>
              <th scope="col">{m.rankCol}</th>
              <th scope="col">{m.gameCol}</th>
              <th scope="col">{m.onSaleCol}</th>
              <th scope="col">{m.avgPriceCol}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((game) => (
              <tr key={game.id}>
                <td>
                  <Medal rank={game.rank} />
                </td>
                <td>
                  <Link to={`/productList?game_id=${game.id}`} className="rank__name">
                    <RankPicture url={game.icon} />
                    {game.name}
                  </Link>
                </td>
                <td>{countText(game.on_sale_count)}</td>
                <td>¥{wholeYuan(game.avg_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

function StoresRank() {
  const stores = useTopStores();
  return (
    <RankBody
      query={stores}
      table={(rows) => (
        <table className="rank__table" aria-label={m.rankStores}>
          <thead>
            <tr>
              <th scope="col">{m.rankCol}</th>
              <th scope="col">{m.storeCol}</th>
              <th scope="col">{m.dealsCol}</th>
              <th scope="col">{m.ratingCol}</th>
              <th scope="col">{m.followersCol}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((store) => (
              <tr key={store.seller_id}>
                <td>
                  <Medal rank={store.rank} />
                </td>
                <td>
                  <span className="rank__name">
                    <RankPicture url={store.avatar} />
                    {store.store_name}
                  </span>
                </td>
                <td>{countText(store.deals)}</td>
                <td>{store.rating}</td>
                <td>{countText(store.followers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

/** /rank (排行榜): hot games by listings and price, and top stores by deals, as ranked tables. */
export default function RankScreen() {
  const [tab, setTab] = useState('games');
  return (
    <div className="rank">
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="games" title={m.rankGames} />
        <Tabs.Tab key="stores" title={m.rankStores} />
      </Tabs>
      {tab === 'games' ? <GamesRank /> : <StoresRank />}
    </div>
  );
}
