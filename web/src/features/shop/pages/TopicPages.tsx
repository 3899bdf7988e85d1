/**
 * The five information topics as standalone pages (/about, /delivery, ...) and as the content of the
 * hub's tabs (/information/about, ...): the same component, with or without the hub around it.
 */
import type { ComponentType } from 'react';
import { InfoShell } from '../components/Prose';
import { AboutContent, CareGuideContent, DeliveryContent, SustainabilityContent, TermsContent, type Topic } from '../components/topics';

const topicContent: Record<Topic, ComponentType> = {
  about: AboutContent,
  delivery: DeliveryContent,
  'care-guide': CareGuideContent,
  sustainability: SustainabilityContent,
  terms: TermsContent,
};

function tab(Content: ComponentType): ComponentType {
  return function TabPage() {
    return (
      <article>
        <Content />
      </article>
    );
  };
}

function standalone(Content: ComponentType): ComponentType {
  return function StandalonePage() {
    return (
      <InfoShell>
        <article>
          <Content />
        </article>
      </InfoShell>
    );
  };
}

const mapTopics = (wrap: (content: ComponentType) => ComponentType) =>
  Object.fromEntries(Object.entries(topicContent).map(([topic, content]) => [topic, wrap(content)])) as Record<Topic, ComponentType>;

/** /about, /delivery, ... */
export const standalonePages = mapTopics(standalone);
/** /information/about, /information/delivery, ... (inside the hub's layout). */
export const tabPages = mapTopics(tab);
