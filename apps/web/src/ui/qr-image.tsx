import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import QRCode from 'qrcode';
import './ui.css';

/** Rendered at twice the shown size so it stays sharp on 2× and 3× screens. */
const QR_PIXELS = 480;

function renderQr(content: string): Promise<string> {
  return QRCode.toDataURL(content, { width: QR_PIXELS, margin: 1, errorCorrectionLevel: 'M' });
}

/** A scannable QR code of `content`; a skeleton while it is drawn. */
export function QrImage({ content, label }: { content: string; label: string }) {
  const image = useQuery({
    queryKey: ['ui', 'qr-image', content],
    queryFn: () => renderQr(content),
    staleTime: Infinity,
  });
  if (!image.data) return <Skeleton animated className="qr-image qr-image--loading" />;
  return <img className="qr-image" src={image.data} alt={label} />;
}
