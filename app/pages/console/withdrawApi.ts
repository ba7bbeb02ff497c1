import { withdrawalPlanSchema, type WithdrawRequest } from '../../../contract/apiAccount';
import { apiFetch } from '../../api/apiFetch';

/** Account withdrawal (contract/apiAccount.ts). */
export const withdrawApi = {
  plan: () => apiFetch('auth/user/withdraw', { schema: withdrawalPlanSchema }),
  withdraw: (body: WithdrawRequest) => apiFetch('auth/user/withdraw', { method: 'POST', body }),
};

export const withdrawPlanKey = ['auth', 'user', 'withdraw'] as const;
