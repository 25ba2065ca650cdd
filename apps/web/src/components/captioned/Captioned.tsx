import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** A control with its caption before it in secondary text, inline in a toolbar row. */
export function Captioned({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <span>
      <Typography.Text type="secondary">{caption} </Typography.Text>
      {children}
    </span>
  );
}
