import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type PrivacySettings } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { personalKeys } from '@/core/query-keys';

export function fetchPrivacy(): Promise<PrivacySettings> {
  return http.get<PrivacySettings>(apiPaths.userPrivacy).then(unwrap);
}

export const privacyQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.privacy, queryFn: fetchPrivacy });

export function usePrivacy() {
  return useQuery(privacyQueryOptions());
}
