/** UI text of the legal feature's chrome; the documents carry their own text. */
export const legalMessages = {
  toc: '目录',
  updatedAt: '更新日期：',
} as const;
