import {
  APP_SLUG,
  childRoleFor,
  organizationFormSchema,
  organizationUpdateSchema,
} from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { unprocessable } from '../../http/errors.js';
import { idParam, treeListQuery } from '../../http/params.js';
import {
  changeById,
  createUnderId,
  listUnderId,
  moduleRoutes,
  operations,
  recordById,
} from '../../http/route.js';
import { namedRef } from '../../wire.js';
import {
  organizationDetailSchema,
  organizationSchema,
  serializeOrganization,
  supportContactSchema,
  supportLinkSchema,
} from './serialize.js';
import {
  createChildOrganization,
  findOrganization,
  listChildOrganizations,
  organizationName,
  supportOf,
  updateOrganization,
} from './service.js';

const childrenQuery = z.object(treeListQuery).strict();

const supportOperation = operations(['organizations', 'support']);

export function registerOrganizationRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['organizations']);

  app.get(
    '/api/organizations/:id',
    operation(
      'organization.show',
      'One organization with its support links and contacts',
      recordById('organization', organizationDetailSchema),
    ),
    async (request) => {
      // Visible in the tree is not enough: showing needs the ability (managers, or managing that one).
      const organization = await findOrganization(request.access, request.params.id);
      const support = await supportOf(ctx.db, organization.id, APP_SLUG);
      return { organization: { ...serializeOrganization(organization), ...support } };
    },
  );

  app.patch(
    '/api/organizations/:id',
    operation(
      'organization.update',
      'Change an organization (its managers, and studio or lab managers above it)',
      changeById('organization', organizationUpdateSchema, organizationSchema),
    ),
    async (request) => {
      const organization = await findOrganization(request.access, request.params.id);
      const changes = request.body.organization;
      return {
        organization: serializeOrganization(await updateOrganization(ctx.db, organization.id, changes)),
      };
    },
  );

  app.get(
    '/api/organizations/:id/organizations',
    operation(
      'organization.list-children',
      'Organizations below one (children, or every level with traverse_sub_organizations)',
      listUnderId('organizations', organizationSchema, childrenQuery),
    ),
    async (request) => {
      const organization = await findOrganization(request.access, request.params.id);
      const q = request.query;
      const { rows, meta } = await listChildOrganizations(ctx.db, request.access, organization.id, q);
      return { organizations: rows.map(serializeOrganization), meta };
    },
  );

  app.post(
    '/api/organizations/:id/organizations',
    operation(
      'organization.create-child',
      'Create a child: a studio adds a school (customer_role), a lab adds a studio (studio_role)',
      createUnderId('organization', organizationFormSchema.partial({ role: true }), organizationSchema),
    ),
    async (request, reply) => {
      const parent = await findOrganization(request.access, request.params.id);
      const role = childRoleFor(parent.role as Parameters<typeof childRoleFor>[0])!;
      const form = request.body.organization;
      if (form.role && form.role !== role) {
        throw unprocessable({ role: [`must be ${role} under a ${parent.role}`] });
      }
      const { role: _ignored, ...values } = form;
      const row = await createChildOrganization(ctx.db, parent.id, role, values);
      return reply.status(201).send({ organization: serializeOrganization(row) });
    },
  );

  app.get(
    '/api/organizations/:id/support',
    supportOperation(
      'organization.support',
      'The support links and contacts for an organization: its parent’s, for this app',
      {
        params: idParam,
        response: {
          200: z.object({
            organization: namedRef,
            support_links: z.array(supportLinkSchema),
            support_contacts: z.array(supportContactSchema),
          }),
        },
      },
    ),
    async (request) => {
      const organization = await findOrganization(request.access, request.params.id);
      // The parent (studio for a school, lab for a studio) supports its children; a top organization
      // shows its own.
      const supporterId = organization.parent_organization_id ?? organization.id;
      const supporter = await organizationName(ctx.db, supporterId);
      return { organization: supporter, ...(await supportOf(ctx.db, supporterId, APP_SLUG)) };
    },
  );
}
