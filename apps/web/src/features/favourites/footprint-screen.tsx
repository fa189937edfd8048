import { useNavigate } from 'react-router';
import { EndlessList } from '@/ui/endless-list';
import { GoodsCard, GoodsListSkeleton } from '@/ui/goods-card';
import { StatusScreen } from '@/ui/status-screen';
import { useFootprints } from './api/footprints';
import { formatChinaDayLabel, formatChinaTimeOfDay, groupByChinaDay } from '@/core/china-time';
import { GuestGate } from './guest-gate';
import { favouritesMessages as m } from './messages';
import './favourites.css';

function Footprints() {
  const navigate = useNavigate();
  const footprints = useFootprints();
  return (
    <EndlessList
      query={footprints}
      keyOf={(item) => item.id}
      renderItem={(item) => (
        <GoodsCard
          goods={item}
          inactive={item.status !== 'on_sale'}
          extra={
            <>
              {item.status !== 'on_sale' ? (
                <span className="favourites__status">{item.status_label}</span>
              ) : null}
              {m.viewedAt(formatChinaTimeOfDay(item.at))}
            </>
          }
        />
      )}
      renderItems={(items, renderItem) =>
        groupByChinaDay(items, (item) => item.at).map((group) => (
          <section
            key={group.day}
            className="favourites__day"
            aria-label={formatChinaDayLabel(group.items[0]?.at ?? group.day)}
          >
            <h2>{formatChinaDayLabel(group.items[0]?.at ?? group.day)}</h2>
            <ul className="endless-list__items">
              {group.items.map((item) => (
                <li key={item.id}>{renderItem(item)}</li>
              ))}
            </ul>
          </section>
        ))
      }
      skeleton={<GoodsListSkeleton count={5} />}
      errorTitle={m.loadFailed}
      label={m.footprintLabel}
      empty={
        <StatusScreen
          status="empty"
          title={m.footprintEmpty}
          description={m.footprintEmptyBody}
          actions={[{ text: m.goShopping, primary: true, onClick: () => void navigate('/') }]}
          testId="footprint-empty"
        />
      }
    />
  );
}

/** /footprint (我的足迹): listings the user viewed, newest first, grouped by day. */
export default function FootprintScreen() {
  return (
    <div className="favourites">
      <GuestGate>
        <Footprints />
      </GuestGate>
    </div>
  );
}
