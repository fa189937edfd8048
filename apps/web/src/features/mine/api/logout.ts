import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@haoshi/contracts';
import { http } from '@/core/http/client';
import { clearAuthorization } from '@/core/storage';

/**
 * Revokes the session on the server, then forgets it here. Silent: an already expired session
 * must not start the login flow; the local logout happens whatever the server answered.
 */
export async function logout(): Promise<void> {
  try {
    await http.post<null>(apiPaths.logout, undefined, { silent: true });
  } finally {
    clearAuthorization();
  }
}

export function useLogout(onLoggedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      onLoggedOut();
    },
  });
}
