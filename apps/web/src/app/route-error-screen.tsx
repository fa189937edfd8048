import { useNavigate, useRouteError } from 'react-router';
import { StatusScreen } from '@/ui/status-screen';
import { browserRecoveryEnv, ChunkLoadError, resetReloadsAndReload } from './chunk-recovery';
import { appMessages } from './messages';

/** A route's screen failed: its chunk kept failing to load, or it threw while rendering. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const chunk = error instanceof ChunkLoadError;
  return (
    <StatusScreen
      status="disconnected"
      title={chunk ? appMessages.chunkErrorTitle : appMessages.screenErrorTitle}
      description={chunk ? appMessages.chunkErrorBody : appMessages.screenErrorBody}
      actions={[
        {
          text: appMessages.reload,
          primary: true,
          onClick: () => resetReloadsAndReload(browserRecoveryEnv()),
        },
        { text: appMessages.backHome, onClick: () => void navigate('/', { replace: true }) },
      ]}
    />
  );
}
