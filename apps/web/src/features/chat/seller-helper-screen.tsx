import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { resizeImage } from '@/core/image';
import { useNotices } from './api/notices';
import { useSellerDeliveries } from './api/seller-deliveries';
import { useSellerOffers } from './api/seller-offers';
import { chatMessages as m } from './messages';
import { NoticeCard } from './notice-card';
import { useReadChannel } from './use-read-channel';
import './chat.css';

/** Order states in which the seller has to hand the account over. */
const DELIVERY_STATES: ReadonlySet<string> = new Set(['paid', 'delivering']);

interface SectionState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

function Section({
  title,
  count,
  state,
  empty,
  children,
  testId,
}: {
  title: string;
  count: number;
  state: SectionState;
  empty: string;
  children: ReactNode;
  testId: string;
}) {
  let body: ReactNode = children;
  if (state.isPending) body = <Skeleton.Paragraph lineCount={2} animated />;
  else if (state.isError)
    body = (
      <p className="chat-helper__note">
        {m.sectionFailed}
        <button type="button" className="chat-helper__retry" onClick={() => void state.refetch()}>
          {m.sectionRetry}
        </button>
      </p>
    );
  else if (count === 0) body = <p className="chat-helper__note">{empty}</p>;
  return (
    <section className="chat-helper__section" aria-label={title} data-testid={testId}>
      <h2 className="chat-helper__title">
        {title}
        {count > 0 ? <span className="chat-helper__count">{count}</span> : null}
      </h2>
      {body}
    </section>
  );
}

function HelperRow({
  to,
  image,
  title,
  line,
  action,
}: {
  to: string;
  image: string;
  title: string;
  line: string;
  action: string;
}) {
  return (
    <Link to={to} className="chat-helper__row">
      {image === '' ? (
        <span className="chat-helper__image" aria-hidden="true" />
      ) : (
        <img className="chat-helper__image" src={resizeImage(image, 96, 96)} alt="" width={48} height={48} />
      )}
      <span className="chat-helper__text">
        <span className="chat-helper__row-title">{title}</span>
        <span className="chat-helper__line">{line}</span>
      </span>
      <span className="chat-helper__action">{action}</span>
    </Link>
  );
}

/** /chatSellerHelper: the seller's to-do (offers to answer, orders to hand over) and the helper's reminders. */
export default function SellerHelperScreen() {
  const offers = useSellerOffers();
  const deliveries = useSellerDeliveries();
  const reminders = useNotices('seller_helper');
  useReadChannel('seller_helper', reminders.data?.pages[0]);
  const waitingOffers = (offers.data?.list ?? []).filter((bargain) => bargain.status === 'offered');
  const toDeliver = (deliveries.data?.list ?? []).filter((order) => DELIVERY_STATES.has(order.state));
  const notes = reminders.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <div className="chat-helper">
      <Section
        title={m.offersTitle}
        count={waitingOffers.length}
        state={offers}
        empty={m.offersEmpty}
        testId="helper-offers"
      >
        {waitingOffers.map((bargain) => (
          <HelperRow
            key={bargain.id}
            to={`/goodsBargainList?bargain_id=${bargain.id}`}
            image={bargain.goods.cover}
            title={bargain.goods.title}
            line={m.offerLine(bargain.offer_price, bargain.counterparty)}
            action={m.answerOffer}
          />
        ))}
      </Section>
      <Section
        title={m.deliveriesTitle}
        count={toDeliver.length}
        state={deliveries}
        empty={m.deliveriesEmpty}
        testId="helper-deliveries"
      >
        {toDeliver.map((order) => (
          <HelperRow
            key={order.order_no}
            to={`/order_detail?order_no=${order.order_no}`}
            image={order.goods.cover}
            title={order.goods.title}
            line={`${order.state_label} · ¥${order.payable}`}
            action={m.deliver}
          />
        ))}
      </Section>
      <Section
        title={m.remindersTitle}
        count={notes.filter((notice) => !notice.read).length}
        state={reminders}
        empty={m.remindersEmpty}
        testId="helper-reminders"
      >
        <ul className="chat-notices__list">
          {notes.map((notice) => (
            <li key={notice.id}>
              <NoticeCard notice={notice} />
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
