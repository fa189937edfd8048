import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Profile } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { personalKeys } from '@/core/query-keys';

export function fetchProfile(): Promise<Profile> {
  return http.get<Profile>(apiPaths.userProfile).then(unwrap);
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.profile, queryFn: fetchProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
