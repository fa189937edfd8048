import { useEffect } from 'react';
import { startLoginFlow } from '@/core/login-flow';
import { uiMessages } from './messages';
import { StatusScreen } from './status-screen';

/**
 * Inside a native app a login-required route asks the app to log in (SPEC §4) and waits here; when
 * the app stores the new Authorization the route's screen appears.
 */
export function LoginRequiredScreen({ target }: { target: string }) {
  useEffect(() => startLoginFlow(target), [target]);
  return (
    <StatusScreen
      status="default"
      title={uiMessages.loginRequiredTitle}
      description={uiMessages.loginRequiredBody}
      actions={[
        { text: uiMessages.loginRequiredAction, primary: true, onClick: () => startLoginFlow(target) },
      ]}
      testId="login-required"
    />
  );
}
