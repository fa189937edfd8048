import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { useCancelWithdrawal } from './api/cancel-withdrawal';
import { withdrawMessages as m } from './messages';

/** Asks first, then cancels and says the money is back. */
export function useCancelFlow() {
  const cancel = useCancelWithdrawal(() => showToast({ icon: 'success', content: m.cancelled }));
  const ask = async (id: number) => {
    if (
      await confirm({ title: m.cancelWithdrawal, content: m.cancelConfirm, confirmText: m.cancelWithdrawal })
    ) {
      cancel.mutate(id);
    }
  };
  return { ask, pendingId: cancel.isPending ? cancel.variables : undefined };
}
