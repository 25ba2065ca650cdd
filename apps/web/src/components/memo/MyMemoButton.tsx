import { useState } from 'react';
import { Button } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { MemoDialog } from './MemoDialog';

/** The "My Memo" header button and its dialog. */
export function MyMemoButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<BookOutlined />} onClick={() => setOpen(true)}>
        My Memo
      </Button>
      <MemoDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
