import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useMyClaims } from './api/my-claims';
import { ClaimItems } from './claim-parts';
import './guarantee.css';

/** /offlineRetrievalList: the user's 找回包赔 claims, newest first. */
export default function OfflineRetrievalListScreen() {
  const navigate = useNavigate();
  const claims = useMyClaims();
  if (claims.isPending) return <ScreenSkeleton />;
  if (claims.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="找回申请加载失败"
        description={claims.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void claims.refetch() }]}
      />
    );
  const items = claims.data.pages.flatMap((page) => page.list);
  if (items.length === 0)
    return (
      <StatusScreen
        status="empty"
        title="还没有找回申请"
        description="买到的账号在包赔保障期内被找回时，可在已完成订单的“包赔保障”中申请赔付"
        actions={[
          {
            text: '查看已完成订单',
            primary: true,
            onClick: () => void navigate('/afterSalesList?side=buy&tab=completed'),
          },
          { text: '了解官方包赔', onClick: () => void navigate('/officialGuarantee') },
        ]}
        testId="claims-empty"
      />
    );
  return (
    <div className="guarantee">
      <ClaimItems items={items} path={(item) => `/offlineRetrievalDetails?claim_no=${item.claim_no}`} />
      {claims.hasNextPage ? (
        <Button
          block
          fill="none"
          loading={claims.isFetchingNextPage}
          onClick={() => void claims.fetchNextPage()}
        >
          加载更多
        </Button>
      ) : null}
    </div>
  );
}
