import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  messageFor,
  type FieldProblem,
  type GoodsData,
  type PublishRequest,
} from '@haoshi/contracts';
import { http } from '@/core/http/client';
import { invalidateAfter } from '@/core/query-links';

/** A refusal of the publish call, with every field problem the server named. */
export class PublishRefusal extends Error {
  readonly code: number;
  readonly fields: readonly FieldProblem[];

  constructor(code: number, message: string, fields: readonly FieldProblem[]) {
    super(message);
    this.name = 'PublishRefusal';
    this.code = code;
    this.fields = fields;
  }
}

const withoutPath = (message: string) => message.replace(/（[\w.]+）$/, '');

function isFieldProblem(value: unknown): value is FieldProblem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldProblem).field === 'string' &&
    typeof (value as FieldProblem).message === 'string'
  );
}

/** `data.fields` when the service listed them, else the envelope's one `field`. */
function problemsOf(envelope: { field?: string; message?: string; data?: unknown }): FieldProblem[] {
  const listed = (envelope.data as { fields?: unknown } | undefined)?.fields;
  if (Array.isArray(listed) && listed.every(isFieldProblem)) return listed;
  if (envelope.field) return [{ field: envelope.field, message: withoutPath(envelope.message ?? '') }];
  return [];
}

/** A seller call answering the listing; a refusal is a PublishRefusal naming its fields. */
export async function sendGoodsCall(path: string, body: unknown): Promise<GoodsData> {
  const envelope = await http.post<GoodsData>(path, body);
  if (envelope.err_code === 0 && envelope.data) return envelope.data;
  const message = withoutPath(envelope.message ?? messageFor(envelope.err_code));
  throw new PublishRefusal(envelope.err_code, message, problemsOf(envelope));
}

/** Create or edit (with goods_id); `submit: true` also submits a draft for review. */
export function publishGoods(request: PublishRequest): Promise<GoodsData> {
  return sendGoodsCall(apiPaths.goodsPublish, request);
}

export interface PublishCommand {
  request: PublishRequest;
  /**
   * An off-shelf listing is edited as it is and then put back on the shelf (which reviews it):
   * the state machine submits drafts only.
   */
  shelveAfter: boolean;
}

export async function runPublish({ request, shelveAfter }: PublishCommand): Promise<GoodsData> {
  const saved = await publishGoods(shelveAfter ? { ...request, submit: false } : request);
  return shelveAfter ? sendGoodsCall(apiPaths.userGoodsShelf, { goods_id: saved.id, action: 'on' }) : saved;
}

export function usePublishGoods() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runPublish,
    onSuccess: () => invalidateAfter(client, 'publishGoods'),
  });
}
