import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoginResponse } from '@haoshi/contracts';
import { getCurrentBrand } from '@/core/brands';
import { showAlertDialog, showToast } from '@/core/feedback-ui';
import { setAuthorization } from '@/core/storage';
import { authMessages } from './messages';
import { redirectTarget } from './redirect-target';

/** Stores the session, refreshes what was loaded anonymously and goes where the user was headed. */
export function useCompleteLogin(): (login: LoginResponse) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return useCallback(
    (login: LoginResponse) => {
      setAuthorization(login.token);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      showToast({
        icon: 'success',
        content: login.is_new_user ? authMessages.registered(getCurrentBrand().name) : authMessages.loggedIn,
      });
      // A login that withdrew an account cancellation in its cooling-off says so (docs/account-cancellation.md).
      if (login.notice) void showAlertDialog({ title: authMessages.noticeTitle, content: login.notice });
      void navigate(redirectTarget(redirect), { replace: true });
    },
    [navigate, queryClient, redirect],
  );
}
