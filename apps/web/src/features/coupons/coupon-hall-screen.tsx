import { Button, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { CouponTemplate, NewUserPackage } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { startLoginFlow } from '@/core/login-flow';
import { useIsLoggedIn } from '@/core/storage';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useCouponHall, useNewUserPackage } from './api/coupon-hall';
import { useReceiveCoupon, useReceiveNewUserPackage } from './api/receive-coupons';
import { CouponTicket } from './coupon-ticket';
import { couponMessages as m } from './messages';
import './coupons.css';

function PackageBody({ pack }: { pack: NewUserPackage }) {
  const receive = useReceiveNewUserPackage((result) =>
    showToast({ icon: 'success', content: m.newUserReceived(result.coupons.length) }),
  );
  return (
    <>
      <div className="coupon-hall__banner-coupons">
        {pack.templates.map((template) => (
          <div key={template.id} className="coupon-hall__mini">
            <strong>¥{template.amount_off.replace(/\.00$/, '')}</strong>
            <span>
              {template.threshold === '0.00'
                ? m.noThreshold
                : m.threshold(template.threshold.replace(/\.00$/, ''))}
            </span>
          </div>
        ))}
      </div>
      <Button
        block
        shape="rounded"
        disabled={!pack.can_claim}
        loading={receive.isPending}
        onClick={() => receive.mutate()}
      >
        {pack.claimed ? m.newUserClaimed : m.newUserClaim}
      </Button>
      {pack.reason && !pack.claimed ? <p className="coupon-hall__banner-reason">{pack.reason}</p> : null}
    </>
  );
}

function NewUserBanner({ loggedIn }: { loggedIn: boolean }) {
  const pack = useNewUserPackage(loggedIn);
  return (
    <section className="coupon-hall__banner" aria-label={m.newUserTitle} data-testid="new-user-banner">
      <div className="coupon-hall__banner-title">
        <strong>{m.newUserTitle}</strong>
        {pack.data ? <span>{m.newUserWorth(pack.data.total_amount_off.replace(/\.00$/, ''))}</span> : null}
      </div>
      {!loggedIn ? (
        <Button
          block
          shape="rounded"
          style={{ marginTop: '0.32rem' }}
          onClick={() => startLoginFlow('/couponHall')}
        >
          {m.newUserLogin}
        </Button>
      ) : pack.isPending ? (
        <Skeleton.Paragraph lineCount={2} animated />
      ) : pack.isError ? (
        <Button block shape="rounded" style={{ marginTop: '0.32rem' }} onClick={() => void pack.refetch()}>
          {m.retry}
        </Button>
      ) : (
        <PackageBody pack={pack.data} />
      )}
    </section>
  );
}

function ClaimAction({ template, loggedIn }: { template: CouponTemplate; loggedIn: boolean }) {
  const receive = useReceiveCoupon(() => showToast({ icon: 'success', content: m.received }));
  const soldOut = template.stock_left <= 0;
  const claim = () => (loggedIn ? receive.mutate(template.id) : startLoginFlow('/couponHall'));
  return (
    <>
      {template.claimed_by_me ? (
        <span className="coupon-ticket__stamp">{m.claimed}</span>
      ) : (
        <Button
          size="mini"
          color="primary"
          shape="rounded"
          disabled={soldOut}
          loading={receive.isPending}
          onClick={claim}
        >
          {soldOut ? m.soldOut : m.claim}
        </Button>
      )}
      <span className="coupon-ticket__stock">{m.stockLeft(template.stock_left, template.stock_total)}</span>
    </>
  );
}

/** /couponHall: the new-user package and the coupons anyone may claim, with the stock left. */
export default function CouponHallScreen() {
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const hall = useCouponHall();
  return (
    <div className="coupons">
      <NewUserBanner loggedIn={loggedIn} />
      <h2 className="coupon-hall__section">{m.hallTitle}</h2>
      {hall.isPending ? (
        <ScreenSkeleton />
      ) : hall.isError ? (
        <StatusScreen
          status="disconnected"
          title={m.loadFailedTitle}
          description={m.loadFailedBody}
          actions={[{ text: m.retry, primary: true, onClick: () => void hall.refetch() }]}
        />
      ) : hall.data.list.length === 0 ? (
        <StatusScreen status="empty" title={m.hallEmpty} description={m.emptyHint} actions={[]} />
      ) : (
        <div className="coupons__list">
          {hall.data.list.map((template) => (
            <CouponTicket
              key={template.id}
              testId="hall-ticket"
              face={template}
              validity={template.validity_label}
              dimmed={template.stock_left <= 0 && !template.claimed_by_me}
              action={<ClaimAction template={template} loggedIn={loggedIn} />}
            />
          ))}
        </div>
      )}
      {loggedIn ? (
        <div className="coupon-hall__footer">
          <Button block fill="outline" color="primary" onClick={() => void navigate('/myCoupon')}>
            {m.myCoupons}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
