/**
 * The shop's card gateway, when its settings are set (config.cardPayment), and whether it answers.
 *
 * The card form is built in memory and posted by the shopper's browser, so a checkout never waits on the
 * gateway. Whether the gateway can be reached is learnt apart from checkouts: each process asks the
 * gateway's address every minute (any HTTP answer counts as up). While it does not answer, a card
 * checkout is refused before anything is written, with a message that offers cash on delivery.
 */
import type { Config } from '../../config.js';
import { cmiGateway } from '../../lib/card-gateway/cmi.js';
import type { CardGateway } from '../../lib/card-gateway/gateway.js';

const gateways = new WeakMap<object, CardGateway>();

/** The gateway of these settings, or null when card payment is off (its settings unset). */
export function cardGatewayOf(config: Pick<Config, 'cardPayment'>): CardGateway | null {
  const settings = config.cardPayment;
  if (!settings) return null;
  let gateway = gateways.get(settings);
  if (!gateway) {
    gateway = cmiGateway(settings);
    gateways.set(settings, gateway);
  }
  return gateway;
}

/** Gateway addresses last found unreachable by this process (absent: reachable or not asked yet). */
const down = new Set<string>();

export const gatewayReachable = (config: Pick<Config, 'cardPayment'>): boolean =>
  !config.cardPayment || !down.has(config.cardPayment.gatewayUrl);

/** Records what the last probe found (also how a test plays a gateway that went down). */
export function setGatewayReachable(gatewayUrl: string, reachable: boolean): void {
  if (reachable) down.delete(gatewayUrl);
  else down.add(gatewayUrl);
}

/** Asks the gateway's address once (5 s at most) and records the answer. */
export async function probeGateway(gatewayUrl: string): Promise<boolean> {
  let reachable: boolean;
  try {
    const response = await fetch(gatewayUrl, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    reachable = true;
  } catch {
    reachable = false;
  }
  setGatewayReachable(gatewayUrl, reachable);
  return reachable;
}
