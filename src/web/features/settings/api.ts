import { useMutation } from '@tanstack/react-query';
import type { DeactivateBody, PasswordChangeForm } from '../../../shared/contracts/account';
import { apiPost } from '../../api/client';

export function useChangePassword() {
  return useMutation({
    mutationFn: (password: PasswordChangeForm) => apiPost('client/password/update', { password }),
  });
}

export function useDeactivateAccount() {
  return useMutation({
    mutationFn: (password: DeactivateBody['password']) => apiPost('client/deactivate', { password }),
  });
}

/** ARCO access: everything the site holds about the member, saved as a JSON file. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const response = await apiPost('client/data/export', {});
      const blob = new Blob([JSON.stringify(response.readable, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `mis-datos-cita-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
  });
}
