/** An id from the address (goods_id, id, notice_id): a positive integer, or undefined. */
export function idParam(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
