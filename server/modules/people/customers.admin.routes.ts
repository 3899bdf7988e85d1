/** Back office: customers (GET /admin/costumer, spelled so for older clients, and /admin/customers) and a customer's page. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import {
  customerDetailSchema,
  customerListSchema,
  customerOrdersQuerySchema,
  customersQuerySchema,
} from '../../../shared/schemas/people.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { getCustomer, getGuestCustomer, listCustomers } from './customers.service.js';

const tags = ['admin: customers'];

export const customersAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const list = {
    schema: {
      tags,
      security,
      summary:
        'People: accounts and guest buyers (marked guest), newest first, 10 a page; search matches the id, name, e-mail or a phone in any format',
      querystring: customersQuerySchema,
      response: { 200: customerListSchema, ...errorResponses(401, 403, 422) },
    },
  };
  for (const path of ['/customers', '/costumer']) admin.get(path, list, async (req) => listCustomers(db, req.query));

  admin.get(
    '/customers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One account with a page of its orders',
        params: idParamsSchema,
        querystring: customerOrdersQuerySchema,
        response: { 200: customerDetailSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => getCustomer(db, req.params.id, req.query),
  );

  admin.get(
    '/customers/guests/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A guest buyer (orders without an account) with a page of their orders; one linked to an account since is that account',
        params: idParamsSchema,
        querystring: customerOrdersQuerySchema,
        response: { 200: customerDetailSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => getGuestCustomer(db, req.params.id, req.query),
  );
};
