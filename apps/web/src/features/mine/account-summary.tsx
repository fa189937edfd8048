import { Avatar, Button, Skeleton } from 'antd-mobile';
import { useCurrentUser } from '@/core/current-user';
import { startLoginFlow } from '@/core/login-flow';
import { mineMessages, roleLabels } from './messages';

function GuestSummary() {
  return (
    <div className="mine__account">
      <Avatar alt="" src="" className="mine__avatar" />
      <div className="mine__who">
        <button type="button" className="mine__login" onClick={() => startLoginFlow('/mine')}>
          {mineMessages.login}
        </button>
        <span>{mineMessages.guestHint}</span>
      </div>
    </div>
  );
}

function UserSummary() {
  const user = useCurrentUser(true);
  if (user.isPending) {
    return (
      <div className="mine__account" aria-busy="true">
        <Skeleton animated className="mine__avatar-skeleton" />
        <div className="mine__who">
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      </div>
    );
  }
  if (user.isError) {
    return (
      <div className="mine__account">
        <div className="mine__who">
          <strong>{mineMessages.loadFailed}</strong>
        </div>
        <Button size="small" shape="rounded" onClick={() => void user.refetch()}>
          {mineMessages.retry}
        </Button>
      </div>
    );
  }
  const { nickname, phone_masked: phone, avatar, roles } = user.data;
  return (
    <div className="mine__account">
      <Avatar alt="" src={avatar} className="mine__avatar" />
      <div className="mine__who">
        <strong>{nickname || phone}</strong>
        <span data-testid="mine-phone">{phone}</span>
        <div className="mine__roles">
          {(roles.length === 0 ? [mineMessages.plainUser] : roles.map((role) => roleLabels[role])).map(
            (label) => (
              <span key={label} className="mine__role">
                {label}
              </span>
            ),
          )}
        </div>
      </div>
    </div>
  );
}

/** Who is logged in (phone, roles), or a way to log in. */
export function AccountSummary({ loggedIn }: { loggedIn: boolean }) {
  return loggedIn ? <UserSummary /> : <GuestSummary />;
}
