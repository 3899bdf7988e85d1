/**
 * /metrics of a cluster (WEB_CONCURRENCY >= 2): whichever process answers the scrape, the page holds
 * the whole shop's figures, not that one process's.
 *
 * The process asked passes the scrape to the primary (IPC); the primary asks every process that is
 * listening for its figures (`getMetricsAsJSON`), adds them up with prom-client's
 * `AggregatorRegistry.aggregate` (counters and histograms summed, gauges as each one says: pools summed,
 * Redis up the lowest, the mail queue the highest), and sends back the page. A process that does not
 * answer within COLLECT_TIMEOUT_MS (it is stopping, or stuck) is left out of that page rather than
 * failing it; `flora_processes_reporting` says how many answered.
 *
 * prom-client's own cluster mode asks every connected process, including one still starting that
 * cannot answer yet, and fails the whole page after 5 s: during a rolling restart every scrape would.
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, Gauge, type Registry } from 'prom-client';

const SCRAPE = 'flora:metrics-scrape';
const PAGE = 'flora:metrics-page';
const COLLECT = 'flora:metrics-collect';
const COLLECTED = 'flora:metrics-collected';
const COLLECT_TIMEOUT_MS = 2000;
/** A worker's wait for the primary's page (its own collection waits COLLECT_TIMEOUT_MS at most). */
const SCRAPE_TIMEOUT_MS = 5000;

interface Message {
  type?: string;
  id?: number;
  text?: string;
  error?: string;
  metrics?: unknown;
}
const isMessage = (m: unknown): m is Message => typeof m === 'object' && m !== null && typeof (m as Message).type === 'string';

/**
 * In a cluster's worker: answers the primary's requests for this process's figures (after `refresh`,
 * which reads what is read at scrape time), and returns `scrape()` for the /metrics route. Elsewhere
 * (one process, tests): null, and the route serves its own registry.
 */
export function clusterScraper(registry: Registry, refresh: () => Promise<void>): { scrape: () => Promise<string> } | null {
  if (!cluster.isWorker || !process.send) return null;
  const send = (m: Message) => process.send?.(m);
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
  let next = 0;
  process.on('message', (m: unknown) => {
    if (!isMessage(m)) return;
    if (m.type === COLLECT) {
      void refresh()
        .then(() => registry.getMetricsAsJSON())
        .then((metrics) => send({ type: COLLECTED, id: m.id, metrics }))
        .catch((err: unknown) => send({ type: COLLECTED, id: m.id, error: String(err) }));
    } else if (m.type === PAGE && m.id !== undefined) {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error !== undefined) w?.reject(new Error(m.error));
      else w?.resolve(m.text ?? '');
    }
  });
  return {
    scrape: () =>
      new Promise<string>((resolve, reject) => {
        const id = next++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the cluster primary did not answer the metrics scrape'));
        }, SCRAPE_TIMEOUT_MS);
        waiting.set(id, {
          resolve: (text) => (clearTimeout(timer), resolve(text)),
          reject: (err) => (clearTimeout(timer), reject(err)),
        });
        send({ type: SCRAPE, id });
      }),
  };
}

/**
 * In the primary: answers the workers' scrapes with the figures of every worker in `listening()`
 * (started and serving), added up.
 */
export function serveClusterMetrics(listening: () => Worker[]): void {
  let next = 0;
  const collect = (): Promise<string> => {
    const id = next++;
    const workers = listening().filter((w) => w.isConnected());
    const answers: unknown[] = [];
    return new Promise<string>((resolve, reject) => {
      let pending = workers.length;
      const finish = () => {
        clearTimeout(timer);
        cluster.off('message', onMessage);
        try {
          // Each answer is one registry's getMetricsAsJSON(); the aggregate is a registry of its own.
          const total = AggregatorRegistry.aggregate(answers as Parameters<typeof AggregatorRegistry.aggregate>[0]);
          new Gauge({
            name: 'flora_processes_reporting',
            help: 'Server processes whose figures this page adds up',
            registers: [total],
          }).set(answers.length);
          resolve(total.metrics());
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      };
      const onMessage = (_worker: Worker, m: unknown) => {
        if (!isMessage(m) || m.type !== COLLECTED || m.id !== id) return;
        if (m.metrics) answers.push(m.metrics);
        if (--pending === 0) finish();
      };
      const timer = setTimeout(finish, COLLECT_TIMEOUT_MS);
      cluster.on('message', onMessage);
      for (const w of workers) w.send({ type: COLLECT, id });
      if (pending === 0) finish();
    });
  };
  cluster.on('message', (worker: Worker, m: unknown) => {
    if (!isMessage(m) || m.type !== SCRAPE) return;
    collect().then(
      (text) => worker.isConnected() && worker.send({ type: PAGE, id: m.id, text }),
      (err: unknown) => worker.isConnected() && worker.send({ type: PAGE, id: m.id, error: String(err) }),
    );
  });
}
