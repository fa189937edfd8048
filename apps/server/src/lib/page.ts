/** One page of rows and the total of the whole list, fetched together (DESIGN §3 list convention). */
export async function fetchPage<Row>(
  page: number,
  pageSize: number,
  rows: (limit: number, offset: number) => PromiseLike<Row[]>,
  total: PromiseLike<Array<{ value: number }>>,
): Promise<{ rows: Row[]; total: number }> {
  const [list, [counted]] = await Promise.all([rows(pageSize, (page - 1) * pageSize), total]);
  return { rows: list, total: counted?.value ?? 0 };
}
