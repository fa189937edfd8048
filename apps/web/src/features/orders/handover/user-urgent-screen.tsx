import { Skeleton, Tag } from 'antd-mobile';
import { Link } from 'react-router';
import type { Urge } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { useIsLoggedIn } from '@/core/storage';
import { EndlessList } from '@/ui/endless-list';
import { LoginRequiredScreen } from '@/ui/login-required-screen';
import { useUrgeList } from './api/urge-list';
import { handoverMessages as m, roleLabels } from './messages';
import './order-handover.css';

function UrgeItem({ urge }: { urge: Urge }) {
  return (
    <Link
      className="user-urgent__item"
      to={`/order_detail?order_no=${urge.order_no}`}
      style={{ display: 'block' }}
    >
      <div className="user-urgent__title">{urge.goods_title}</div>
      <div>
        {m.urgeFrom(urge.mine, roleLabels[urge.from_role])} · <Tag fill="outline">{urge.state_label}</Tag>
      </div>
      {urge.note ? <div>“{urge.note}”</div> : null}
      <div className="handover__hint">
        {formatChinaDateTime(urge.at)} · 订单 {urge.order_no}
      </div>
    </Link>
  );
}

function UrgeList() {
  const query = useUrgeList();
  return (
    <EndlessList
      query={query}
      keyOf={(urge) => urge.id}
      renderItem={(urge) => <UrgeItem urge={urge} />}
      skeleton={<Skeleton.Paragraph lineCount={6} animated />}
      empty={<p className="handover__hint user-urgent__item">{m.urgesEmpty}</p>}
      errorTitle="催单记录加载失败"
      label={m.urgesTitle}
    />
  );
}

/** /userUrgent: 催单记录, the urges on the viewer's orders (sent and received). */
export default function UserUrgentScreen() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return <LoginRequiredScreen target="/userUrgent" />;
  return <UrgeList />;
}
