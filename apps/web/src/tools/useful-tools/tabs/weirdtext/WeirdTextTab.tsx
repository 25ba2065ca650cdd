import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, List, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { repairWeirdText, type WeirdTextCandidate } from '@lab/core/text';
import { copyWithNotice } from '@/lib/clipboard';
import { warnRequired } from '@/lib/calculators';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';

/** A repair with the characters it kept as they were marked. */
function RepairedText({ candidate }: { candidate: WeirdTextCandidate }) {
  const parts: { text: string; kept: boolean }[] = [];
  let at = 0;
  for (const [start, end] of candidate.kept) {
    if (start > at) parts.push({ text: candidate.text.slice(at, start), kept: false });
    parts.push({ text: candidate.text.slice(start, end), kept: true });
    at = end;
  }
  parts.push({ text: candidate.text.slice(at), kept: false });
  return <>{parts.map((p, i) => (p.kept ? <mark key={i}>{p.text}</mark> : p.text))}</>;
}

/** Garbled text in, ranked repairs out, each naming the transformation that produced it. */
export default function WeirdTextTab() {
  const m = useMessages(messages);
  const [input, setInput] = useState('');
  const [candidates, setCandidates] = useState<WeirdTextCandidate[]>();

  function translate() {
    if (!input.trim()) {
      warnRequired(m.required);
      return;
    }
    setCandidates(repairWeirdText(input));
  }

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {m.intro}
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="weird text"
        placeholder={m.placeholder}
        autoSize={{ minRows: 3, maxRows: 12 }}
        value={input}
        onChange={(e) => setInput(e.target.value)}
      />
      <div>
        <Button type="primary" onClick={translate}>
          {m.translate}
        </Button>
      </div>
      {candidates && candidates.length === 0 && <Alert type="info" showIcon title={m.none} />}
      {candidates && candidates.length > 0 && (
        <List
          dataSource={candidates}
          renderItem={(c, i) => (
            <List.Item>
              <Card
                size="small"
                style={{ width: '100%' }}
                title={
                  <Flex gap="small" wrap align="center">
                    <Typography.Text type="secondary">#{i + 1}</Typography.Text>
                    {c.labels.map((label, k) => (
                      <Tag key={k} color="purple">
                        {label}
                      </Tag>
                    ))}
                    {c.kept.length > 0 && (
                      <Tag color="orange" title={m.partlyWhy}>
                        {m.partly}
                      </Tag>
                    )}
                    {c.unrecoverable && (
                      <Tag color="red" title={m.unrecoverableWhy}>
                        {m.unrecoverable}
                      </Tag>
                    )}
                  </Flex>
                }
                extra={
                  <Button
                    size="small"
                    icon={<CopyOutlined />}
                    aria-label={`copy candidate ${i + 1}`}
                    onClick={() => void copyWithNotice(c.text, m.copied)}
                  >
                    {m.copy}
                  </Button>
                }
              >
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  <RepairedText candidate={c} />
                </Typography.Paragraph>
              </Card>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
