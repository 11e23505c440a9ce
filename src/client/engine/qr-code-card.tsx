import { Card, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { fillRowHref } from '../../shared/resource/resource-links';

/**
 * A QR code leading to a page of this portal for one record (resource.json qrCodes: an event's
 * sign-in code, printed for the venue). Drawn in the browser; nothing is sent anywhere to make it.
 */
export function QrCodeCard({ title, href, id }: { title: string; href: string; id: string }) {
  const url = `${window.location.origin}${fillRowHref(href, { id, data: {} })}`;
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let active = true;
    void QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: 'M' }).then((data) => active && setImage(data));
    return () => {
      active = false;
    };
  }, [url]);
  return (
    <Card title={title} className="kc-qr-code">
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        {image ? <img src={image} width={240} height={240} alt={`${title}：${url}`} /> : <div style={{ width: 240, height: 240 }} />}
        <Typography.Link href={url} copyable={{ text: url }}>
          {url}
        </Typography.Link>
      </Space>
    </Card>
  );
}
