import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type PrivacySettings } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { personalKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

export function updatePrivacy(change: Partial<PrivacySettings>): Promise<PrivacySettings> {
  return http.post<PrivacySettings>(apiPaths.userPrivacy, change).then(unwrap);
}

export function useUpdatePrivacy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacy,
    onSuccess: (settings) => {
      client.setQueryData(personalKeys.privacy, settings);
      void invalidateAfter(client, 'updatePrivacy');
    },
    onError: showError,
  });
}
