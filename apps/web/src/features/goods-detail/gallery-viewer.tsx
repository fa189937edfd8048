import { ImageViewer } from 'antd-mobile';

interface GalleryViewerProps {
  urls: string[];
  index: number;
  onClose: () => void;
}

/** The full-screen viewer (pinch, swipe): its own chunk, loaded on the first tap of a screenshot. */
export default function GalleryViewer({ urls, index, onClose }: GalleryViewerProps) {
  return <ImageViewer.Multi images={urls} visible defaultIndex={index} onClose={onClose} />;
}
