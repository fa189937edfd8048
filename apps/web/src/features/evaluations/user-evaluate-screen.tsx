import { Avatar, Button, Card } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import type { ReceivedEvaluations } from '@haoshi/contracts';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useReceivedEvaluations } from './api/received-evaluations';
import { EvaluationCard } from './evaluation-parts';
import './evaluations.css';

function Summary({ first }: { first: ReceivedEvaluations }) {
  const most = Math.max(1, ...first.stars);
  return (
    <Card>
      <div className="evaluations__summary">
        <Avatar src={first.user.avatar} style={{ '--size': '48px', '--border-radius': '50%' }} />
        <div>
          <div>{first.user.nickname}</div>
          <div className="evaluations__rating" aria-label="综合评分">
            {first.rating}
          </div>
          <div className="evaluations__meta">共 {first.total} 条评价</div>
        </div>
        <div className="evaluations__bars">
          {[5, 4, 3, 2, 1].map((star) => (
            <div key={star} className="evaluations__bar">
              {star}星
              <progress max={most} value={first.stars[star - 1] ?? 0} />
              {first.stars[star - 1] ?? 0}
            </div>
          ))}
        </div>
      </div>
    </Card>
  );
}

function Received({ userId }: { userId: number }) {
  const list = useReceivedEvaluations(userId);
  const navigate = useNavigate();
  if (list.isPending) return <ScreenSkeleton />;
  if (list.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="评价加载失败"
        description={list.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void list.refetch() }]}
      />
    );
  const [first] = list.data.pages;
  const evaluations = list.data.pages.flatMap((page) => page.list);
  return (
    <div className="evaluations">
      {first ? <Summary first={first} /> : null}
      {evaluations.length === 0 ? (
        <StatusScreen
          status="empty"
          title="暂无评价"
          description="完成交易后买卖双方可以互相评价"
          actions={[{ text: '去逛逛', primary: true, onClick: () => void navigate('/') }]}
        />
      ) : (
        evaluations.map((evaluation) => <EvaluationCard key={evaluation.id} evaluation={evaluation} />)
      )}
      {list.hasNextPage ? (
        <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          加载更多
        </Button>
      ) : null}
    </div>
  );
}

/** /userEvaluate?user_id=…: the evaluations a user received (a seller's profile links here). */
export default function UserEvaluateScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userId = Number(params.get('user_id'));
  if (!Number.isInteger(userId) || userId <= 0)
    return (
      <StatusScreen
        status="empty"
        title="用户不存在"
        description="请从卖家主页进入查看评价"
        actions={[{ text: '返回首页', primary: true, onClick: () => void navigate('/') }]}
      />
    );
  return <Received userId={userId} />;
}
