import type { OrderRole } from '@haoshi/contracts';

export const roleLabels: Record<OrderRole, string> = {
  buyer: '买家',
  seller: '卖家',
  customer_service: '客服',
  system: '系统',
};
