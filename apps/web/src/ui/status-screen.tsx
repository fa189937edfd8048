import { Button, ErrorBlock, type ErrorBlockProps } from 'antd-mobile';
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

/** A whole-screen empty, error or waiting state with what the user can do about it. */
export function StatusScreen({ status, title, description, actions, testId }: StatusScreenProps) {
  return (
    <div
      className="status-screen"
      data-testid={testId}
      role={status === 'disconnected' ? 'alert' : undefined}
    >
      <ErrorBlock status={status} title={title} description={description} />
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
