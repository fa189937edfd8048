import { Button, Skeleton } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { startLoginFlow } from '@/core/login-flow';
import { useIsLoggedIn } from '@/core/storage';
import { StatusScreen } from '@/ui/status-screen';
import { useGames } from './api/games';
import { useRecentGoods } from './api/my-goods';
import { publishMessages, sincereSellMessages as text } from './messages';
import { MyGoodsCard } from './my-goods/my-goods-card';
import { FeeTable } from './sincere-sell/fee-table';
import { GameGrid } from './wizard/game-grid';
import './publish.css';

function GamePicker() {
  const navigate = useNavigate();
  const games = useGames();
  if (games.isPending) return <Skeleton.Paragraph lineCount={4} animated />;
  if (games.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={publishMessages.loadFailed}
        description={publishMessages.loadFailedHint}
        actions={[{ text: publishMessages.retry, primary: true, onClick: () => void games.refetch() }]}
      />
    );
  return <GameGrid games={games.data} onPick={(game) => void navigate(`/publishGoods?game_id=${game.id}`)} />;
}

function RecentGoods() {
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const recent = useRecentGoods(loggedIn);
  if (!loggedIn)
    return (
      <div className="sincere__login">
        <span>{text.loginToSee}</span>
        <Button size="small" color="primary" onClick={() => startLoginFlow('/sincereSell')}>
          {text.login}
        </Button>
      </div>
    );
  if (recent.isPending) return <Skeleton.Paragraph lineCount={3} animated />;
  if (recent.isError)
    return (
      <Button block onClick={() => void recent.refetch()}>
        {publishMessages.retry}
      </Button>
    );
  if (recent.data.list.length === 0) return <p className="publish-muted">{text.noRecent}</p>;
  return (
    <div className="my-goods__list">
      {recent.data.list.map((item) => (
        <MyGoodsCard
          key={item.id}
          item={{ ...item, actions: [] }}
          busy={false}
          onAction={() => void navigate('/myGoods')}
        />
      ))}
    </div>
  );
}

/** /sincereSell (诚心卖): why sell here, what it costs, a game to start with, and recent listings. */
export default function SincereSellScreen() {
  return (
    <div className="sincere">
      <header className="sincere__hero">
        <h2>{text.heroTitle}</h2>
        <p>{text.heroText}</p>
      </header>
      <ul className="sincere__reasons">
        {text.reasons.map((reason) => (
          <li key={reason.title}>
            <strong>{reason.title}</strong>
            <span>{reason.text}</span>
          </li>
        ))}
      </ul>
      <section className="sincere__section" aria-labelledby="sincere-pick">
        <h3 id="sincere-pick">{text.pickGame}</h3>
        <GamePicker />
      </section>
      <section className="sincere__section" aria-labelledby="sincere-recent">
        <div className="sincere__section-head">
          <h3 id="sincere-recent">{text.myRecent}</h3>
          <Link to="/myGoods">{text.viewAll}</Link>
        </div>
        <RecentGoods />
      </section>
      <section className="sincere__section" aria-labelledby="sincere-fees">
        <div className="sincere__section-head">
          <h3 id="sincere-fees">{text.feesTitle}</h3>
          <Link to="/serviceFee">{text.feesMore}</Link>
        </div>
        <FeeTable />
      </section>
    </div>
  );
}
