import { useEffect, useRef } from 'react';
import { showToast } from '@/core/feedback-ui';
import { useSearchParams } from 'react-router';

import { thirdPartyProviderSchema } from '@haoshi/contracts';
import { useConfirmBinding } from './api/bind-confirm';
import { personalMessages as m } from './messages';

/**
 * Back from the provider's authorize page (`?provider&state&code`, or `error`): finishes the
 * binding once and takes the parameters out of the address.
 */
export function useBindingReturn() {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmBinding();
  const handled = useRef(false);
  useEffect(() => {
    const provider = thirdPartyProviderSchema.safeParse(params.get('provider'));
    const state = params.get('state');
    if (handled.current || !provider.success || !state) return;
    handled.current = true;
    setParams({}, { replace: true });
    const code = params.get('code');
    if (!code) {
      showToast(m.bindDenied);
      return;
    }
    confirm.mutate({ provider: provider.data, code, state }, { onSuccess: () => void showToast(m.bindDone) });
  }, [params, setParams, confirm]);
  return confirm.isPending;
}
