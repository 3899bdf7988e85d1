import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';

/**
 * Authentication, password and e-mail flows, profile. Pages that need a session wrap their content
 * in <RequireAuth> (session.tsx); the session itself is watched by <SessionWatcher /> in the layout.
 */
export const accountsRoutes: RouteObject[] = [
  { path: 'login', lazy: page(() => import('./pages/LoginPage')) },
  { path: 'signup', lazy: page(() => import('./pages/SignupPage')) },
  { path: 'forgot-password', lazy: page(() => import('./pages/ForgotPasswordPage')) },
  { path: 'reset-password', lazy: page(() => import('./pages/ResetPasswordPage')) },
  { path: 'email-confirmation/:token', lazy: page(() => import('./pages/EmailConfirmationPage')) },
  { path: 'confirm-email-change', lazy: page(() => import('./pages/EmailChangeConfirmationPage')) },
  { path: 'change-password', lazy: page(() => import('./pages/ChangePasswordPage')) },
  { path: 'profile', lazy: page(() => import('./pages/ProfilePage')) },
  { path: 'profile/personal-information', lazy: page(() => import('./pages/PersonalInformationPage')) },
  { path: 'personal-information', lazy: page(() => import('./pages/PersonalInformationPage')) },
  { path: 'session-expired', lazy: page(() => import('./pages/SessionExpiredPage')) },
];

/**
 * The back office's sign-in: beside the storefront layout, not inside it (no shop header or footer
 * under /admin), and outside the admin tree, whose frame needs a session.
 */
export const adminLoginRoute: RouteObject = { path: '/admin/login', lazy: page(() => import('./pages/AdminLoginPage'), ['accounts']) };
