import type { RouteObject } from 'react-router';
import { notBuilt } from '@web/app/lazy';

/** Static information pages, the /information hub and its tabs, contact. */
export const infoRoutes: RouteObject[] = [
  { path: 'about', lazy: notBuilt },
  { path: 'care-guide', lazy: notBuilt },
  { path: 'delivery', lazy: notBuilt },
  { path: 'sustainability', lazy: notBuilt },
  { path: 'terms', lazy: notBuilt },
  { path: 'privacy', lazy: notBuilt },
  { path: 'information', lazy: notBuilt },
  { path: 'information/about', lazy: notBuilt },
  { path: 'information/delivery', lazy: notBuilt },
  { path: 'information/care-guide', lazy: notBuilt },
  { path: 'information/sustainability', lazy: notBuilt },
  { path: 'information/terms', lazy: notBuilt },
  { path: 'information/about-us', lazy: notBuilt },
  { path: 'contact', lazy: notBuilt },
];
