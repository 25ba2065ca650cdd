import { useState } from 'react';
import { Button } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { useMessages } from '@/lib/i18n';
import { MemoDialog } from './MemoDialog';
import { messages } from './messages';

/** The "My Memo" header button and its dialog. */
export function MyMemoButton() {
  const [open, setOpen] = useState(false);
  const m = useMessages(messages);
  return (
    <>
      <Button icon={<BookOutlined />} onClick={() => setOpen(true)}>
        {m.myMemo}
      </Button>
      <MemoDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
