import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  payoutMethodPaths,
  type AddPayoutMethodRequest,
  type ChangeQrCodeRequest,
  type PayoutMethodItem,
  type PayoutMethodList,
} from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

/** The real-name feature invalidates ['payout-methods'] after verification (the verified flag). */
export const payoutMethodsKey = ['payout-methods', 'list'] as const;

export function fetchPayoutMethods(): Promise<PayoutMethodList> {
  return http.get<PayoutMethodList>(payoutMethodPaths.list).then(unwrap);
}

export function usePayoutMethods() {
  return useQuery({ queryKey: payoutMethodsKey, queryFn: fetchPayoutMethods, staleTime: 0 });
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
    onSuccess: () => client.invalidateQueries({ queryKey: ['payout-methods'] }),
  });
}

export function useDeletePayoutMethod(onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePayoutMethod,
    onSuccess: async () => {
      onDeleted();
      await client.invalidateQueries({ queryKey: ['payout-methods'] });
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
      await client.invalidateQueries({ queryKey: ['payout-methods'] });
    },
    onError: showError,
  });
}
