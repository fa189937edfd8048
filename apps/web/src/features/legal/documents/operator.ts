/** Facts about the operator shared by every legal text, so they never disagree. */
export const operator = {
  name: '号市（杭州）网络科技有限公司',
  shortName: '号市公司',
  address: '浙江省杭州市余杭区仓前街道向往街1008号号市科技园3幢5层',
  postcode: '311121',
  serviceEntry: 'App或网页内「我的」-「在线客服」',
  serviceHours: '每日9:00至24:00',
  court: '杭州市余杭区人民法院',
  effectiveDate: '2026年11月1日',
  updatedAt: '2026年10月15日',
} as const;

/** The closing section every document shares. */
export const contactParagraphs: string[] = [
  `运营方：${operator.name}`,
  `注册地址：${operator.address}（邮编${operator.postcode}）`,
  `在线客服：${operator.serviceEntry}，服务时间${operator.serviceHours}`,
];
