import { useState } from 'react';
import { Alert, Button, Flex, Input, Space, Typography } from 'antd';
import { ACCOUNT_NUMBER_LENGTH } from '@lab/core/shipping';
import { useCalculator, warnRequired } from '@/lib/calculators';
import { fillMessage, useMessages } from '@/lib/i18n';
import { usefulApi } from '@/tools/useful-tools/usefulApi';
import { messages } from './messages';

/** The enterprise account check digit (the express tracking-number rule on the first 8 digits). */
export default function AccountTab() {
  const m = useMessages(messages);
  const [account, setAccount] = useState('');
  const check = useCalculator(usefulApi.checkAccount, (reply) => reply.data);
  const result = check.result;

  function verify() {
    if (!account.trim()) {
      warnRequired(m.required);
      return;
    }
    check.run({ ean: account.trim() });
  }

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {fillMessage(m.rule, { n: ACCOUNT_NUMBER_LENGTH })}
      </Typography.Paragraph>
      <Space wrap>
        <Input
          aria-label="account number"
          placeholder={m.placeholder}
          maxLength={ACCOUNT_NUMBER_LENGTH}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          onPressEnter={verify}
          style={{ width: 200 }}
          allowClear
        />
        <Button type="primary" onClick={verify} loading={check.isPending}>
          {m.verify}
        </Button>
      </Space>
      {result &&
        (result[0] === 1 ? (
          <Alert type="success" showIcon title={m.valid} />
        ) : (
          <Alert type="error" showIcon title={fillMessage(m.invalid, { n: result[1] })} />
        ))}
    </Flex>
  );
}
