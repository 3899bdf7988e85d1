import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { page } from '@web/lib/lazy-page';
import type { Topic } from './components/topics';

/** A topic's page, standalone (/delivery) or as the content of its hub tab (/information/delivery). */
function topicPage(topic: Topic, kind: 'standalone' | 'tab'): RouteObject['lazy'] {
  return page(async () => {
    const pages = await import('./pages/TopicPages');
    const Component: ComponentType = kind === 'standalone' ? pages.standalonePages[topic] : pages.tabPages[topic];
    return { default: Component };
  });
}

const TOPIC_PATHS: Topic[] = ['about', 'care-guide', 'delivery', 'sustainability', 'terms'];

/** Static information pages, the /information hub and its tabs, contact. */
export const shopRoutes: RouteObject[] = [
  ...TOPIC_PATHS.map((topic): RouteObject => ({ path: topic, lazy: topicPage(topic, 'standalone') })),
  { path: 'privacy', lazy: page(() => import('./pages/PrivacyPage')) },
  {
    path: 'information',
    lazy: page(() => import('./pages/InformationLayout')),
    children: [
      { index: true, lazy: page(() => import('./pages/InformationHub')) },
      ...TOPIC_PATHS.map((topic): RouteObject => ({ path: topic, lazy: topicPage(topic, 'tab') })),
      { path: 'about-us', lazy: page(() => import('./pages/AboutUsPage')) },
    ],
  },
  { path: 'contact', lazy: page(() => import('./pages/ContactPage')) },
];
