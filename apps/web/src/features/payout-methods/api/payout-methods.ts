import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  payoutMethodPaths,
  type AddPayoutMethodRequest,
  type ChangeQrCodeRequest,
  type PayoutMethodItem,
  type PayoutMethodList,
} from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';
import { payoutMethodKeys } from '@/core/query-keys';

export function fetchPayoutMethods(): Promise<PayoutMethodList> {
  return http.get<PayoutMethodList>(payoutMethodPaths.list).then(unwrap);
}

export const payoutMethodsQueryOptions = () =>
  queryOptions({ queryKey: payoutMethodKeys.list, queryFn: fetchPayoutMethods, staleTime: 0 });

export function usePayoutMethods() {
  return useQuery(payoutMethodsQueryOptions());
}

export function addPayoutMethod(request: AddPayoutMethodRequest): Promise<PayoutMethodItem> {
  return http.post<PayoutMethodItem>(payoutMethodPaths.add, request).then(unwrap);
}

export function deletePayoutMethod(id: number): Promise<null> {
  return http.post<null>(payoutMethodPaths.remove, { id }).then(unwrap);
}

export function changeQrCode(request: ChangeQrCodeRequest): Promise<PayoutMethodItem> {
  return http.post<PayoutMethodItem>(payoutMethodPaths.changeQrCode, request).then(unwrap);
}

/** Errors are left to the form (field messages); it calls showError for the rest. */
export function useAddPayoutMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPayoutMethod,
    onSuccess: () => invalidateAfter(client, 'addPayoutMethod'),
  });
}

export function useDeletePayoutMethod(onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePayoutMethod,
    onSuccess: async () => {
      onDeleted();
      await invalidateAfter(client, 'deletePayoutMethod');
    },
    onError: showError,
  });
}

export function useChangeQrCode(onChanged: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeQrCode,
    onSuccess: async () => {
      onChanged();
      await invalidateAfter(client, 'changePayoutQrCode');
    },
    onError: showError,
  });
}
