import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, List, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { repairWeirdText, type WeirdTextCandidate } from '@lab/core/text';
import { TEXT_COPIED_MESSAGE } from '@/components/memo';
import { copyWithNotice } from '@/lib/clipboard';
import { warnRequired } from '@/lib/calculators';

/** Garbled text in, ranked repairs out, each naming the transformation that produced it. */
export default function WeirdTextTab() {
  const [input, setInput] = useState('');
  const [candidates, setCandidates] = useState<WeirdTextCandidate[]>();

  function translate() {
    if (!input.trim()) {
      warnRequired('enter some text');
      return;
    }
    setCandidates(repairWeirdText(input));
  }

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Paste text that came out garbled: UTF-8 read as Latin-1/Windows-1252 (Ã©), Chinese mojibake between UTF-8 and
        GBK (鍖椾含), \uXXXX or \xXX escapes, %XX URL encoding, HTML entities, base64 or quoted-printable — and chains
        of two of them.
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="weird text"
        placeholder="Paste garbled text"
        autoSize={{ minRows: 3, maxRows: 12 }}
        value={input}
        onChange={(e) => setInput(e.target.value)}
      />
      <div>
        <Button type="primary" onClick={translate}>
          Translate
        </Button>
      </div>
      {candidates && candidates.length === 0 && (
        <Alert type="info" showIcon title="No repair found: the text reads the same under every transformation" />
      )}
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
                  </Flex>
                }
                extra={
                  <Button
                    size="small"
                    icon={<CopyOutlined />}
                    aria-label={`copy candidate ${i + 1}`}
                    onClick={() => void copyWithNotice(c.text, TEXT_COPIED_MESSAGE)}
                  >
                    Copy
                  </Button>
                }
              >
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {c.text}
                </Typography.Paragraph>
              </Card>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
