import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Profile, type ProfileUpdate } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { personalKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

export function updateProfile(change: ProfileUpdate): Promise<Profile> {
  return http.post<Profile>(apiPaths.userProfile, change).then(unwrap);
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      client.setQueryData(personalKeys.profile, profile);
      void invalidateAfter(client, 'updateProfile');
    },
    onError: showError,
  });
}
