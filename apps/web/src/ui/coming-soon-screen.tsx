import { Button, ErrorBlock } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { isNativeApp } from '@/core/channel';
import { uiMessages } from './messages';
import { useRouteMeta } from './route-meta';
import { hasInAppHistory, useBack } from './use-back';
import { WishForm } from './wish-form';
import './ui.css';

/**
 * The one placeholder for every route whose screen is not built yet: the screen's Chinese title and
 * a way back, nothing technical (the address goes only into a wish, for the team).
 */
export default function ComingSoonScreen() {
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const back = useBack();
  // Without history, back on the web would go home too: one button is enough then.
  const canGoBack = hasInAppHistory() || isNativeApp();
  return (
    <div className="coming-soon" data-testid="coming-soon">
      <ErrorBlock
        status="busy"
        title={meta ? uiMessages.comingSoonTitle(meta.title) : uiMessages.comingSoonUntitled}
        description={uiMessages.comingSoonBody}
      />
      <div className="coming-soon__actions">
        {canGoBack ? (
          <Button block onClick={back}>
            {uiMessages.back}
          </Button>
        ) : null}
        <Button color="primary" block onClick={() => void navigate('/')}>
          {uiMessages.backHome}
        </Button>
      </div>
      <WishForm page={meta?.path ?? pathname} keepsDraft={meta?.keepAlive ?? false} />
    </div>
  );
}
