/** Account billing validate (`/account/v1/accounts/billing/validate`): the account check rule. */
import { asObject as obj, asText as str } from '@lab/core/json';
import { CarrierError } from '../errors.js';
import { accountNumberProblem } from '../rules.js';
import { envelope, type SimContext, type SimReply, type SimRequest } from './context.js';

export async function accountValidate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const value = str(obj(req.body.accountNumber).value ?? req.body.accountNumber);
  const problem = accountNumberProblem(value);
  if (problem) throw new CarrierError(400, [problem]);
  return {
    status: 200,
    body: envelope(ctx, req, {
      accountNumber: value,
      accountStatus: 'ACTIVE',
      allowedCarriers: ['FEDEX_EXPRESS', 'FEDEX_GROUND', 'FEDEX_FREIGHT'],
    }),
  };
}
