/** Back office: customers (GET /admin/costumer, spelled so for older clients, and /admin/customers) and a customer's page. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import {
  customerDetailSchema,
  customerListSchema,
  customerOrdersQuerySchema,
  customersQuerySchema,
  phoneLookupQuerySchema,
  phoneLookupSchema,
} from '../../../shared/schemas/people.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { getCustomer, getGuestCustomer, listCustomers } from './customers.service.js';
import { lookupByPhone } from './phone-lookup.js';

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

  admin.get(
    '/people/by-phone',
    {
      schema: {
        tags,
        security,
        summary:
          'A returning customer by phone (any format, matched in canonical form by index): the account or past guest with that number, ' +
          'the addresses and recipients of their last orders and those orders, most recent first; under 8 digits matches no one',
        querystring: phoneLookupQuerySchema,
        response: { 200: phoneLookupSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => lookupByPhone(db, req.query.phone),
  );
};
