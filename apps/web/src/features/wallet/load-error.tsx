import { StatusScreen } from '@/ui/status-screen';
import { walletMessages as text } from './messages';

/** A wallet screen whose data could not load: says so and offers a retry. */
export function LoadError({ title = text.loadFailed, onRetry }: { title?: string; onRetry: () => void }) {
  return (
    <StatusScreen
      status="disconnected"
      title={title}
      description={text.loadFailedHint}
      actions={[{ text: text.retry, primary: true, onClick: onRetry }]}
      testId="wallet-error"
    />
  );
}
