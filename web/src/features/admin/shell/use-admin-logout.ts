/** Logging out of the back office (to its own login page), for the menu and the profile page alike. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@web/lib/session';
import { ADMIN_KEY } from '../api';
import { adminLoginPath } from './login-path';

export function useAdminLogout(): { logout: () => Promise<void>; loggingOut: boolean } {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { logout: endSession } = useSession();
  const [loggingOut, setLoggingOut] = useState(false);
  async function logout() {
    setLoggingOut(true);
    await endSession();
    client.removeQueries({ queryKey: ADMIN_KEY });
    await navigate(adminLoginPath(), { replace: true });
  }
  return { logout, loggingOut };
}
