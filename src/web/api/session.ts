import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { forgetSessionHint } from './client';

/** In the layout: forgets the client, and every cached answer about them, after leaving. */
export function useForgetClientAfterLeaving(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const left = (location.state as { leftClientArea?: boolean } | null)?.leftClientArea === true;
  useEffect(() => {
    if (!left) return;
    forgetSessionHint('client');
    queryClient.clear();
    // Drop the state so that going back to this history entry later does not log anyone out.
    navigate(location.pathname, { replace: true, state: null });
  }, [left, location.pathname, navigate, queryClient]);
}
