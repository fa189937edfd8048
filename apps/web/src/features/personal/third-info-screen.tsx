import { List } from 'antd-mobile';
import { RequireLogin } from '@/ui/require-login';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { useBindings } from './api/bindings';
import { BindingRow } from './binding-row';
import { useBindingReturn } from './binding-return';
import { LoadState } from './load-state';
import { personalMessages as m, sharingList } from './messages';
import './personal.css';

function ThirdInfo() {
  const finishing = useBindingReturn();
  const bindings = useBindings();
  if (finishing) return <ScreenSkeleton />;
  return (
    <>
      <LoadState query={bindings}>
        {({ list }) => (
          <List header={m.thirdParty} mode="card">
            {list.map((binding) => (
              <BindingRow key={binding.provider} binding={binding} returnTo="/thirdInfo" />
            ))}
          </List>
        )}
      </LoadState>
      <List header={m.sharingTitle} mode="card">
        {sharingList.map((row) => (
          <List.Item key={row.party} description={`用途：${row.purpose}；共享信息：${row.data}`}>
            {row.party}
          </List.Item>
        ))}
      </List>
    </>
  );
}

/** /thirdInfo (第三方信息共享清单): bound third-party accounts and who else gets which data. */
export default function ThirdInfoScreen() {
  return (
    <div className="personal">
      <RequireLogin>
        <ThirdInfo />
      </RequireLogin>
    </div>
  );
}
