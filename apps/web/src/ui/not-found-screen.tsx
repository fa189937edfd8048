import { useNavigate } from 'react-router';
import { uiMessages } from './messages';
import { StatusScreen } from './status-screen';

export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <StatusScreen
      status="empty"
      title={uiMessages.notFoundTitle}
      description={uiMessages.notFoundBody}
      actions={[
        { text: uiMessages.backHome, primary: true, onClick: () => void navigate('/', { replace: true }) },
      ]}
    />
  );
}
