import { List } from 'antd-mobile';
import { RequireLogin } from '@/ui/require-login';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { useBindings } from './api/bindings';
import { BindingRow } from './binding-row';
import { useBindingReturn } from './binding-return';
import { LoadState } from './load-state';
import { personalMessages as m } from './messages';
import './personal.css';

function DouyinAccount() {
  const finishing = useBindingReturn();
  const bindings = useBindings();
  if (finishing) return <ScreenSkeleton />;
  return (
    <LoadState query={bindings}>
      {({ list }) => {
        const douyin = list.find((binding) => binding.provider === 'douyin');
        return (
          <>
            <div className="personal__banner">
              <strong>{m.douyinTitle}</strong>
              <p>{m.douyinBody}</p>
            </div>
            {douyin ? (
              <List mode="card">
                <BindingRow binding={douyin} returnTo="/douYinAccount" />
              </List>
            ) : null}
          </>
        );
      }}
    </LoadState>
  );
}

/** /douYinAccount (抖音账号): the Douyin binding alone. */
export default function DouyinAccountScreen() {
  return (
    <div className="personal">
      <RequireLogin>
        <DouyinAccount />
      </RequireLogin>
    </div>
  );
}
