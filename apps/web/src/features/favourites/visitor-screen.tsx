import { Avatar, Skeleton } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { EndlessList } from '@/ui/endless-list';
import { goodsDetailPath } from '@/ui/goods-card';
import { StatusScreen } from '@/ui/status-screen';
import { useVisitors } from './api/visitors';
import { formatChinaDayLabel, formatChinaTimeOfDay } from '@/core/china-time';
import { GuestGate } from './guest-gate';
import { favouritesMessages as m } from './messages';
import './favourites.css';

function RowsSkeleton() {
  return (
    <div className="favourites__rows-skeleton" role="status" aria-busy="true" aria-label="加载中">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="favourites__row">
          <Skeleton animated className="favourites__avatar-skeleton" />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

function Visitors() {
  const navigate = useNavigate();
  const visitors = useVisitors();
  return (
    <EndlessList
      query={visitors}
      keyOf={(visitor) => `${visitor.user_id}-${visitor.goods_id}`}
      renderItem={(visitor) => (
        <div className="favourites__row" data-testid="visitor-row">
          <Avatar alt="" src={visitor.avatar} className="favourites__avatar" />
          <div className="favourites__row-body">
            <strong>{visitor.nickname}</strong>
            <span className="favourites__row-line">
              {m.viewed}
              <Link to={goodsDetailPath(visitor.goods_id)}>{visitor.goods_title}</Link>
            </span>
          </div>
          <div className="favourites__row-side">
            <span>{`${formatChinaDayLabel(visitor.last_visited_at)} ${formatChinaTimeOfDay(visitor.last_visited_at)}`}</span>
            <span>{m.visits(visitor.visits)}</span>
          </div>
        </div>
      )}
      skeleton={<RowsSkeleton />}
      errorTitle={m.loadFailed}
      label={m.visitorLabel}
      empty={
        <StatusScreen
          status="empty"
          title={m.visitorEmpty}
          description={m.visitorEmptyBody}
          actions={[{ text: m.publish, primary: true, onClick: () => void navigate('/sincereSell') }]}
          testId="visitor-empty"
        />
      }
    />
  );
}

/** /visitor (访客记录): who looked at my listings, and how often. */
export default function VisitorScreen() {
  return (
    <div className="favourites">
      <GuestGate>
        <Visitors />
      </GuestGate>
    </div>
  );
}
