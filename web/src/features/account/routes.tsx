import type { RouteObject } from 'react-router';
import { notBuilt } from '@web/app/lazy';

/** Authentication, password and e-mail flows, profile. */
export const accountRoutes: RouteObject[] = [
  { path: 'login', lazy: notBuilt },
  { path: 'signup', lazy: notBuilt },
  { path: 'forgot-password', lazy: notBuilt },
  { path: 'reset-password', lazy: notBuilt },
  { path: 'email-confirmation/:token', lazy: notBuilt },
  { path: 'change-password', lazy: notBuilt },
  { path: 'profile', lazy: notBuilt },
  { path: 'profile/personal-information', lazy: notBuilt },
  { path: 'personal-information', lazy: notBuilt },
  { path: 'session-expired', lazy: notBuilt },
];
