import { useQuery } from '@tanstack/react-query';
import { adminPost } from '../../../api/admin';

/** admin/backups/get, shared by the dashboard's card and the layout's quarantine banner. */
export function useBackups() {
  return useQuery({
    queryKey: ['admin', 'backups'],
    queryFn: () => adminPost('admin/backups/get'),
  });
}
