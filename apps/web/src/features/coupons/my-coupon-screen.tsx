import { Badge, Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { couponTabLabels, couponTabs, type Coupon, type CouponTab } from '@haoshi/contracts';
import { formatChinaDate } from '@/core/china-time';
import { useIsLoggedIn } from '@/core/storage';
import { LoginRequiredScreen } from '@/ui/login-required-screen';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useCouponList } from './api/coupon-list';
import { CouponTicket } from './coupon-ticket';
import { couponMessages as m } from './messages';
import './coupons.css';

const emptyTitles: Record<CouponTab, string> = {
  usable: m.emptyUsable,
  used: m.emptyUsed,
  expired: m.emptyExpired,
};

function CouponAction({ coupon }: { coupon: Coupon }) {
  const navigate = useNavigate();
  switch (coupon.state) {
    case 'usable':
      return (
        <Button size="mini" color="primary" shape="rounded" onClick={() => void navigate('/productList')}>
          {m.useNow}
        </Button>
      );
    case 'locked':
      return <span className="coupon-ticket__stamp">{m.stateLocked}</span>;
    case 'used':
      return <span className="coupon-ticket__stamp">{m.stateUsed}</span>;
    case 'expired':
      return <span className="coupon-ticket__stamp">{m.stateExpired}</span>;
  }
}

function CouponTabList({ tab }: { tab: CouponTab }) {
  const navigate = useNavigate();
  const list = useCouponList(tab);
  if (list.isPending) return <ScreenSkeleton />;
  if (list.isError) {
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailedTitle}
        description={m.loadFailedBody}
        actions={[{ text: m.retry, primary: true, onClick: () => void list.refetch() }]}
      />
    );
  }
  const coupons = list.data.pages.flatMap((page) => page.list);
  if (coupons.length === 0) {
    return (
      <StatusScreen
        status="empty"
        title={emptyTitles[tab]}
        description={m.emptyHint}
        actions={[{ text: m.goHall, primary: true, onClick: () => void navigate('/couponHall') }]}
        testId={`coupons-empty-${tab}`}
      />
    );
  }
  return (
    <div className="coupons__list">
      {coupons.map((coupon) => (
        <CouponTicket
          key={coupon.id}
          testId="coupon-ticket"
          face={coupon}
          validity={m.validRange(formatChinaDate(coupon.valid_from), formatChinaDate(coupon.valid_until))}
          dimmed={coupon.state === 'used' || coupon.state === 'expired'}
          action={<CouponAction coupon={coupon} />}
        />
      ))}
      {list.hasNextPage ? (
        <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {m.loadMore}
        </Button>
      ) : (
        <p className="coupons__more">{m.noMore}</p>
      )}
    </div>
  );
}

/** Counts come with every list answer; the usable tab's is always loaded first. */
function useCounts() {
  const usable = useCouponList('usable');
  return usable.data?.pages[0]?.counts;
}

function MyCoupons() {
  const [tab, setTab] = useState<CouponTab>('usable');
  const counts = useCounts();
  return (
    <div className="coupons">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as CouponTab)}>
        {couponTabs.map((key) => (
          <Tabs.Tab
            key={key}
            title={
              <Badge
                content={key === 'usable' && counts?.usable ? counts.usable : null}
                style={{ '--right': '-0.32rem' }}
              >
                {couponTabLabels[key]}
                {key !== 'usable' && counts ? `(${counts[key]})` : ''}
              </Badge>
            }
          />
        ))}
      </Tabs>
      <CouponTabList key={tab} tab={tab} />
    </div>
  );
}

/** /myCoupon: the user's coupons in three tabs: 可使用, 已使用, 已过期. */
export default function MyCouponScreen() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return <LoginRequiredScreen target="/myCoupon" />;
  return <MyCoupons />;
}
