import { Button, createErrorBlock, type ErrorBlockProps } from 'antd-mobile';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import './ui.css';

export interface StatusAction {
  text: string;
  onClick: () => void;
  primary?: boolean;
}

interface StatusScreenProps {
  status: ErrorBlockProps['status'];
  title: string;
  /** Says what to do next. */
  description: string;
  actions: readonly StatusAction[];
  testId?: string;
}

/** ErrorBlock's own layout with an empty picture area: the texts show while the picture loads. */
const BlockWithoutPicture = createErrorBlock({});
const IllustratedBlock = lazy(() => import('./status-block'));

/** A picture that cannot load (offline, say) leaves the block without it; the screen still works. */
class KeepFallbackOnError extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A whole-screen empty, error or waiting state with what the user can do about it. */
export function StatusScreen({ status, title, description, actions, testId }: StatusScreenProps) {
  const withoutPicture = <BlockWithoutPicture status={status} title={title} description={description} />;
  return (
    <div
      className="status-screen"
      data-testid={testId}
      role={status === 'disconnected' ? 'alert' : undefined}
    >
      <KeepFallbackOnError fallback={withoutPicture}>
        <Suspense fallback={withoutPicture}>
          <IllustratedBlock status={status} title={title} description={description} />
        </Suspense>
      </KeepFallbackOnError>
      {actions.map((action) => (
        <Button
          key={action.text}
          block
          color={action.primary ? 'primary' : 'default'}
          onClick={action.onClick}
        >
          {action.text}
        </Button>
      ))}
    </div>
  );
}
