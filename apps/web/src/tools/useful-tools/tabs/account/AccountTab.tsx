import { useState } from 'react';
import { Alert, Button, Flex, Input, Space, Typography } from 'antd';
import { ACCOUNT_NUMBER_LENGTH } from '@lab/core/shipping';
import { useCalculator, warnRequired } from '@/lib/calculators';
import { usefulApi } from '@/tools/useful-tools/usefulApi';

/** The enterprise account check digit (the express tracking-number rule on the first 8 digits). */
export default function AccountTab() {
  const [account, setAccount] = useState('');
  const check = useCalculator(usefulApi.checkAccount, (reply) => reply.data);
  const result = check.result;

  function verify() {
    if (!account.trim()) {
      warnRequired('enter account number');
      return;
    }
    check.run({ ean: account.trim() });
  }

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Rule applied: an enterprise account number has {ACCOUNT_NUMBER_LENGTH} digits and the last one is the check
        digit of the first 8, computed like an express tracking number&apos;s — weights 1, 3, 7 repeating from the
        rightmost digit leftwards, sum modulo 11, a remainder of 10 written as 0.
      </Typography.Paragraph>
      <Space wrap>
        <Input
          aria-label="account number"
          placeholder="Account number"
          maxLength={ACCOUNT_NUMBER_LENGTH}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          onPressEnter={verify}
          style={{ width: 200 }}
          allowClear
        />
        <Button type="primary" onClick={verify} loading={check.isPending}>
          Verify
        </Button>
      </Space>
      {result &&
        (result[0] === 1 ? (
          <Alert type="success" showIcon title="account valid" />
        ) : (
          <Alert type="error" showIcon title={`account invalid, may be ${result[1]}`} />
        ))}
    </Flex>
  );
}
