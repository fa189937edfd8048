import { Skeleton } from 'antd-mobile';
import './ui.css';

/** What a route shows while its screen or first data loads. */
export function ScreenSkeleton() {
  return (
    <div className="screen-skeleton" role="status" aria-busy="true" aria-label="加载中">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={4} animated />
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={3} animated />
    </div>
  );
}
