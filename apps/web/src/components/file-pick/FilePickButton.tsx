import type { ReactNode } from 'react';
import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

/**
 * A button that opens the browser's file chooser and hands the chosen file to `onFile`: nothing is
 * uploaded, the screen reads the file itself. The upload icon unless `icon` says otherwise (`null`: none).
 */
export function FilePickButton({
  accept,
  onFile,
  children,
  icon = <UploadOutlined />,
  loading,
  size,
}: {
  accept: string;
  onFile: (file: File) => void;
  children: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
  size?: 'small';
}) {
  return (
    <Upload
      accept={accept}
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      <Button icon={icon} loading={loading} size={size}>
        {children}
      </Button>
    </Upload>
  );
}
