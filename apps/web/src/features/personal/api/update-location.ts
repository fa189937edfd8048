import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type LocationUpdate, type Profile } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { personalKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

export function updateLocation(change: LocationUpdate): Promise<Profile> {
  return http.post<Profile>(apiPaths.userLocation, change).then(unwrap);
}

export function useUpdateLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: (profile) => {
      client.setQueryData(personalKeys.profile, profile);
      void invalidateAfter(client, 'updateProfile');
    },
    onError: showError,
  });
}
