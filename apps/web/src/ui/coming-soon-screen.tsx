import { Button, ErrorBlock } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { uiMessages } from './messages';
import { useRouteMeta } from './route-meta';
import { WishForm } from './wish-form';
import './ui.css';

/** The one placeholder for every route whose screen is not built yet. */
export default function ComingSoonScreen() {
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const path = meta?.path ?? pathname;
  return (
    <div className="coming-soon" data-testid="coming-soon">
      <ErrorBlock
        status="busy"
        title={uiMessages.comingSoonTitle(meta?.title ?? path)}
        description={uiMessages.comingSoonBody}
      />
      <p className="coming-soon__address">
        {uiMessages.comingSoonAddress}
        <code>{path}</code>
      </p>
      <Button color="primary" block onClick={() => void navigate('/')}>
        {uiMessages.backHome}
      </Button>
      <WishForm page={path} keepsDraft={meta?.keepAlive ?? false} />
    </div>
  );
}
