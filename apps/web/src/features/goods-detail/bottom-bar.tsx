import { Button } from 'antd-mobile';
import type { ActionState } from './purchase';
import { goodsDetailMessages as m } from './messages';

interface BottomBarProps {
  saved: boolean;
  savePending: boolean;
  canFavourite: boolean;
  canChat: boolean;
  buy: ActionState;
  bargain: ActionState;
  onFavourite: () => void;
  onChat: () => void;
  onBargain: () => void;
  onBuy: () => void;
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.25 4.1 1 5.8L12 16.9l-5.25 2.7 1-5.8L3.5 9.7l5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M4 5h16v11H9l-4 3.5V16H4z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** 收藏 · 聊一聊 · 议价 · 立即购买; when buying is not possible the reason sits right above the bar. */
export function BottomBar(props: BottomBarProps) {
  const { buy, bargain } = props;
  const reason = !buy.enabled ? buy.reason : undefined;
  return (
    <div className="goods-bottom-bar">
      {reason ? (
        <p
          id="goods-buy-reason"
          className="goods-bottom-bar__reason"
          role="status"
          data-testid="buy-disabled-reason"
        >
          {reason}
        </p>
      ) : null}
      <div className="goods-bottom-bar__row">
        <button
          type="button"
          className={
            props.saved ? 'goods-bottom-bar__icon goods-bottom-bar__icon--on' : 'goods-bottom-bar__icon'
          }
          aria-pressed={props.saved}
          disabled={!props.canFavourite || props.savePending}
          onClick={props.onFavourite}
        >
          <StarIcon filled={props.saved} />
          <span>{props.saved ? m.favourited : m.favourite}</span>
        </button>
        <button
          type="button"
          className="goods-bottom-bar__icon"
          disabled={!props.canChat}
          onClick={props.onChat}
        >
          <ChatIcon />
          <span>{m.chat}</span>
        </button>
        {/* Stays tappable when off: the tap tells why (the seller does not take offers …). */}
        <Button
          className={
            bargain.enabled
              ? 'goods-bottom-bar__bargain'
              : 'goods-bottom-bar__bargain goods-bottom-bar__bargain--off'
          }
          shape="rounded"
          aria-disabled={!bargain.enabled}
          onClick={props.onBargain}
        >
          {m.bargain}
        </Button>
        <Button
          className="goods-bottom-bar__buy"
          color="primary"
          shape="rounded"
          disabled={!buy.enabled}
          onClick={props.onBuy}
          aria-describedby={reason ? 'goods-buy-reason' : undefined}
        >
          {m.buy}
        </Button>
      </div>
    </div>
  );
}
