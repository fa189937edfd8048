import { Button, List } from 'antd-mobile';
import { showToast, showConfirmDialog } from '@/core/feedback-ui';
import type { Binding } from '@haoshi/contracts';
import { useStartBinding } from './api/bind-authorize';
import { useUnbind } from './api/unbind';
import { personalMessages as m } from './messages';

/** One third-party platform: bound (who, unbind) or not (bind through its authorize page). */
export function BindingRow({ binding, returnTo }: { binding: Binding; returnTo: string }) {
  const start = useStartBinding();
  const unbind = useUnbind();
  return (
    <List.Item
      data-testid={`binding-${binding.provider}`}
      description={binding.bound ? m.bound(binding.nickname) : m.notBound}
      extra={
        binding.bound ? (
          <Button
            size="small"
            fill="outline"
            loading={unbind.isPending}
            onClick={() =>
              void showConfirmDialog({
                content: m.unbindConfirm(binding.name),
                onConfirm: () =>
                  unbind.mutate(binding.provider, {
                    onSuccess: () => void showToast(m.unbindDone),
                  }),
              })
            }
          >
            {m.unbind}
          </Button>
        ) : (
          <Button
            size="small"
            color="primary"
            loading={start.isPending}
            onClick={() => start.mutate({ provider: binding.provider, returnTo })}
          >
            {m.bind}
          </Button>
        )
      }
    >
      {binding.name}
    </List.Item>
  );
}
