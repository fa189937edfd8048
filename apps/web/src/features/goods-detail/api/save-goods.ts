import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';
import { goodsDetailKeys } from '@/core/query-keys';
import type { SaveStatus } from './save-status';

export function saveGoods(goodsId: number, save: boolean): Promise<SaveStatus> {
  return http.post<SaveStatus>(apiPaths.userSaveGoods, { goods_id: goodsId, save }).then(unwrap);
}

/** POST /app/user/save_goods; the answer becomes the favourite state shown. */
export function useSaveGoods(goodsId: number, onSaved: (status: SaveStatus) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: boolean) => saveGoods(goodsId, save),
    onSuccess: (status) => {
      void invalidateAfter(queryClient, 'saveGoods');
      queryClient.setQueryData(goodsDetailKeys.saveStatus(goodsId, true), status);
      onSaved(status);
    },
    onError: showError,
  });
}
