import { defineMessages } from '@/lib/i18n';

/** Verify Enterprise Account #'s words. */
export const messages = defineMessages({
  en: {
    rule: 'Rule applied: an enterprise account number has {n} digits and the last one is the check digit of the first 8, computed like an express tracking number’s — weights 1, 3, 7 repeating from the rightmost digit leftwards, sum modulo 11, a remainder of 10 written as 0.',
    placeholder: 'Account number',
    verify: 'Verify',
    required: 'enter account number',
    valid: 'account valid',
    invalid: 'account invalid, may be {n}',
  },
  zh: {
    rule: '校验规则：企业账号为 {n} 位数字，最后一位是前 8 位的校验位，算法与快递运单号相同——从最右一位向左依次乘以权重 1、3、7 循环，求和后对 11 取模，余数 10 记为 0。',
    placeholder: '账号',
    verify: '校验',
    required: '请输入账号',
    valid: '账号有效',
    invalid: '账号无效，可能是 {n}',
  },
});
