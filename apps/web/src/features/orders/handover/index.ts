/** What the order detail screen mounts: the hand-over panels of one order. */
export { OrderHandoverPanels } from './order-handover-panels';
