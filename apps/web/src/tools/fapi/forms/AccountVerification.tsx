import { useState } from 'react';
import { Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { ACCOUNT_MAX, accountBody, allowedCarriers, digitsOnly } from '@lab/core/carrier/forms';
import { useMessages } from '@/lib/i18n';
import { callCarrier } from '../shared/client';
import type { SpecificFormProps } from '../shared/types';
import { useCarrierForm } from './controls';
import { FormResult, NoCredential } from './FormResult';
import { messages } from './messages';

const PATH = '/account/v1/accounts/billing/validate';

/** Account Verification: an account number (max 9) and Verify; Success lists the allowed carriers. */
export default function AccountVerification({ credential, locale }: SpecificFormProps) {
  const m = useMessages(messages);
  const [account, setAccount] = useState('');
  const { busy, result, run } = useCarrierForm(credential, 'Account Verification', 200);

  const verify = () =>
    run((cred, transactionId) =>
      callCarrier({
        env: cred.env,
        method: 'POST',
        path: PATH,
        accessToken: cred.accessToken,
        body: accountBody(account),
        locale,
        transactionId,
      }),
    );

  const carriers = result?.ok ? allowedCarriers(result.result.body) : [];
  return (
    <Flex vertical gap={12} data-testid="fapi-form-account">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {m.accountTitle}
      </Typography.Title>
      <Space wrap>
        <label htmlFor="fapi-account-number">{m.accountNumber}</label>
        <Input
          id="fapi-account-number"
          data-testid="fapi-account-number"
          value={account}
          maxLength={ACCOUNT_MAX}
          showCount
          placeholder={m.accountPlaceholder}
          onChange={(e) => setAccount(digitsOnly(e.target.value, ACCOUNT_MAX))}
          onPressEnter={() => void (credential && account && verify())}
          style={{ width: 200 }}
        />
        <Button
          type="primary"
          data-testid="fapi-account-verify"
          loading={busy}
          disabled={!credential || !account}
          onClick={() => void verify()}
        >
          {m.verify}
        </Button>
      </Space>
      {credential ? null : <NoCredential />}
      <FormResult outcome={result}>
        <span>
          {m.allowedCarriers}:{' '}
          <span data-testid="fapi-allowed-carriers">
            {carriers.map((c) => (
              <Tag key={c} color="purple">
                {c}
              </Tag>
            ))}
          </span>
        </span>
      </FormResult>
    </Flex>
  );
}
