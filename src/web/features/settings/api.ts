import { useMutation } from '@tanstack/react-query';
import type { DeactivateBody, PasswordChangeForm } from '../../../shared/contracts/account';
import { apiPost } from '../../api/client';

export function useChangePassword() {
  return useMutation({
    mutationFn: (password: PasswordChangeForm) =>
      apiPost<{ message: string }>('client/password/update', { password }),
  });
}

export function useDeactivateAccount() {
  return useMutation({
    mutationFn: (password: DeactivateBody['password']) =>
      apiPost<{ message: string }>('client/deactivate', { password }),
  });
}
