import { Tag } from 'antd';

/** A check's verdict as a green or red tag with its words (`yes` when it holds, else `no`). */
export function CheckTag({ ok, yes, no, testId }: { ok: boolean; yes: string; no: string; testId: string }) {
  return (
    <Tag color={ok ? 'success' : 'error'} data-testid={testId}>
      {ok ? yes : no}
    </Tag>
  );
}
