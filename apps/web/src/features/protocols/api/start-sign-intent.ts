import { useMutation } from '@tanstack/react-query';
import { protocolPaths, type ProtocolDataRequest, type ProtocolDataResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showToast } from '@/core/feedback-ui';
import { showError } from '@/core/http/show-error';
import { uploadSignature } from './upload-signature';

/** POST /app/order/protocol/data: the signature and the text read; the server sends the SMS code. */
export function startSignIntent(request: ProtocolDataRequest): Promise<ProtocolDataResult> {
  return http.post<ProtocolDataResult>(protocolPaths.data, request).then(unwrap);
}

export interface IntentInput {
  orderNo: string;
  textSha256: string;
  image: Blob;
  onProgress: (percent: number) => void;
}

/** Uploads the drawn signature, then declares the intent; a failed upload shows its message. */
export function useStartSignIntent(onSent: (result: ProtocolDataResult) => void) {
  return useMutation({
    mutationFn: async ({ orderNo, textSha256, image, onProgress }: IntentInput) => {
      const uploaded = await uploadSignature(image, onProgress);
      if (!uploaded.ok) {
        if (!uploaded.aborted) showToast(uploaded.message);
        return undefined;
      }
      return startSignIntent({ order_no: orderNo, signature_image: uploaded.key, text_sha256: textSha256 });
    },
    onSuccess: (result) => {
      if (result) onSent(result);
    },
    onError: showError,
  });
}
