// The antd-mobile pieces behind feedback-ui.ts. Only feedback-ui.ts imports this module, and only
// dynamically, so Toast, Dialog and their animation library load when first needed.
import './antd-react19';

export { Dialog, Toast } from 'antd-mobile';
