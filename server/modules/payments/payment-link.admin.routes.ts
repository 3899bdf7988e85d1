/**
 * Back office: a payment link for an order (`/pay/<token>`, 48 hours), ready to copy, mailed to the
 * customer in their language on request, and as a WhatsApp address with the message in their language.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { toLocale } from '../../../shared/constants.js';
import { formatMAD, fromCents } from '../../../shared/money.js';
import { paymentLinkBodySchema, paymentLinkSchema } from '../../../shared/schemas/card-payments.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { queueOutbox } from '../../lib/mail-queue.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { orderMessages } from '../orders/orders.service.js';
import { paymentLinkMailEntry } from '../orders/payment-mails.js';
import { assertCardPayable, isPayable } from './attempts.js';
import { payLinkExpiry, payLinkPath } from './pay-links.js';
import { paymentsMessages } from './payments.messages.js';

/** A Moroccan phone as wa.me wants it (country code, digits only), or null. */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (/^0[5-7]\d{8}$/.test(digits)) return `212${digits.slice(1)}`;
  if (/^00\d{8,15}$/.test(digits)) return digits.slice(2);
  if (/^\d{10,15}$/.test(digits)) return digits;
  return null;
}

export const paymentLinkAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const config = admin.config;

  admin.post(
    '/orders/:id/payment-link',
    {
      schema: {
        tags: ['admin: orders'],
        security,
        summary: 'A signed card payment link for the order (48 h); `send_mail` also mails it to the customer in their language',
        params: idParamsSchema,
        body: paymentLinkBodySchema,
        response: { 200: paymentLinkSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (req) => {
      assertCardPayable(config);
      const [order] = await db.select().from(orders).where(eq(orders.id, req.params.id)).limit(1);
      if (!order) throw new AppError(404, orderMessages.notFound);
      if (!isPayable({ order_status: order.orderStatus, payment_status: order.paymentStatus }))
        throw new AppError(409, paymentsMessages.notPayable);
      const now = new Date();
      const locale = toLocale(order.language);
      const url = `${config.publicUrl}${payLinkPath(config.dataDir, order.id, now, locale)}`;
      const phone = whatsappNumber(order.customerPhone);
      const text = translate(paymentsMessages.whatsappText, locale, {
        name: order.customerName,
        id: order.id,
        amount: formatMAD(fromCents(order.totalCents), locale),
        url,
      });
      const mail = req.body.send_mail;
      if (mail && !order.customerEmail) throw new AppError(422, paymentsMessages.noEmail);
      if (mail) {
        await queueOutbox(db, [paymentLinkMailEntry(order.id, url)]);
        admin.mailQueue.nudge();
      }
      audit(req, {
        action: mail ? 'order.payment_link_mailed' : 'order.payment_link',
        entity: 'order',
        entityId: order.id,
        after: { mailed: mail },
      });
      return {
        url,
        expires_at: payLinkExpiry(now).toISOString(),
        whatsapp_url: phone ? `https://wa.me/${phone}?text=${encodeURIComponent(text)}` : null,
        mailed: mail,
        message: translate(mail ? paymentsMessages.linkMailed : paymentsMessages.linkReady, requestLocale(req)),
      };
    },
  );
};
