import { useState } from 'react';
import { Flex } from 'antd';
import { pngDimensions } from '@lab/core/labels';
import { useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { Base64Input, bytesBlob, formatBytes } from './Base64Input';
import { DecodedFile } from './DecodedFile';
import { messages } from './messages';

export const NOT_A_PNG = 'the decoded data is not a PNG image';

export function PngTab() {
  const m = useMessages(messages);
  const [png, setPng] = useState<{ blob: Blob; caption: string }>();

  const show = (bytes: Uint8Array) => {
    const size = pngDimensions(bytes);
    if (!size) {
      setPng(undefined);
      notify.error(m.notPng);
      return;
    }
    setPng({
      blob: bytesBlob(bytes, 'image/png'),
      caption: `${size.width} × ${size.height} px · ${formatBytes(bytes.length)}`,
    });
  };

  return (
    <Flex vertical gap={12}>
      <Base64Input action={m.preview} placeholder={m.pastePng} onBytes={show} />
      {png ? <DecodedFile kind="png" blob={png.blob} caption={png.caption} fileName="image.png" /> : null}
    </Flex>
  );
}
