import { useNavigate } from 'react-router';
import { EndlessList } from '@/ui/endless-list';
import { GoodsCard, GoodsListSkeleton } from '@/ui/goods-card';
import { StatusScreen } from '@/ui/status-screen';
import { useRecommendFeed } from './api/recommend';
import { feedMessages } from './feed-messages';

/** The endless recommended listings under the home's first screen. */
export default function RecommendFeed() {
  const feed = useRecommendFeed();
  const navigate = useNavigate();
  return (
    <EndlessList
      query={feed}
      keyOf={(item) => item.id}
      renderItem={(item) => <GoodsCard goods={item} />}
      skeleton={<GoodsListSkeleton count={3} />}
      errorTitle={feedMessages.failed}
      label={feedMessages.label}
      empty={
        <StatusScreen
          status="empty"
          title={feedMessages.empty}
          description={feedMessages.emptyBody}
          actions={[{ text: feedMessages.goSearch, onClick: () => void navigate('/search_input') }]}
          testId="recommend-empty"
        />
      }
    />
  );
}
