// The illustrated ErrorBlock behind StatusScreen. Its pictures are most of its weight, and no status
// screen shows on a normal first visit, so status-screen.tsx loads this module when one appears.
export { ErrorBlock as default } from 'antd-mobile';
