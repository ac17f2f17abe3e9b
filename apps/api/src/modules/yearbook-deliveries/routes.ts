import {
  yearbookDeliveryInputSchema,
  yearbookPoseInputSchema,
  yearbookTargetInputSchema,
  yearbookTargetPatchSchema,
} from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { csvResponse, sendCsv } from '../../http/csv.js';
import { signedDownload } from '../../http/download.js';
import { idParam } from '../../http/params.js';
import { changeById, createUnderId, keyed, moduleRoutes, recordById } from '../../http/route.js';
import { findProject } from '../projects/service.js';
import { changeListCsv, changeListPdf } from './change-list.js';
import { checkDelivery } from './check.js';
import { deadlineStatus } from './deadlines.js';
import { createDelivery, deliveryDetail, downloadDelivery, listDeliveries } from './deliver.js';
import {
  deliveryCheckSchema,
  yearbookDeadlineStatusSchema,
  yearbookDeliveryDetailSchema,
  yearbookDeliverySchema,
  yearbookTargetSchema,
} from './serialize.js';
import {
  choosePose,
  createTarget,
  deleteTarget,
  findDelivery,
  findTarget,
  listTargets,
  showTarget,
  updateTarget,
} from './service.js';

const deliveryBody = keyed('delivery', yearbookDeliveryInputSchema);

/** Yearbook deliveries: publisher targets, deliveries (full or changes) with their manifests, the check. */
export function registerYearbookDeliveryRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['yearbook deliveries']);

  app.get(
    '/api/projects/:id/yearbook-targets',
    operation('yearbook-target.list', "A project's yearbook targets (publishers), oldest first", {
      params: idParam,
      response: { 200: z.object({ yearbook_targets: z.array(yearbookTargetSchema) }) },
    }),
    async (request) => {
      const project = await findProject(request.access, request.params.id);
      return { yearbook_targets: await listTargets(ctx.db, project.id) };
    },
  );

  app.post(
    '/api/projects/:id/yearbook-targets',
    operation(
      'yearbook-target.create',
      'A yearbook target: the publisher (a preset), the export format it takes and its deadlines',
      createUnderId('yearbook_target', yearbookTargetInputSchema, yearbookTargetSchema),
    ),
    async (request, reply) => {
      const project = await findProject(request.access, request.params.id);
      const target = await createTarget(
        ctx,
        request,
        sessionOf(request),
        project,
        request.body.yearbook_target,
      );
      return reply.status(201).send({ yearbook_target: target });
    },
  );

  app.get(
    '/api/yearbook-targets/:id',
    operation(
      'yearbook-target.show',
      'One yearbook target',
      recordById('yearbook_target', yearbookTargetSchema),
    ),
    async (request) => {
      const row = await findTarget(request.access, request.params.id);
      return { yearbook_target: await showTarget(ctx.db, row.id) };
    },
  );

  app.patch(
    '/api/yearbook-targets/:id',
    operation(
      'yearbook-target.update',
      "Change a target's publisher, format, deadlines or contact",
      changeById('yearbook_target', yearbookTargetPatchSchema, yearbookTargetSchema),
    ),
    async (request) => {
      const row = await findTarget(request.access, request.params.id);
      return { yearbook_target: await updateTarget(ctx, request, row, request.body.yearbook_target) };
    },
  );

  app.delete(
    '/api/yearbook-targets/:id',
    operation(
      'yearbook-target.delete',
      'Delete a target without deliveries (409 once it has one: the ledger stays)',
      { params: idParam, response: { 200: z.object({}) } },
    ),
    async (request) => {
      const row = await findTarget(request.access, request.params.id);
      await deleteTarget(ctx, request, row);
      return {};
    },
  );

  app.put(
    '/api/yearbook-targets/:id/pose',
    operation(
      'yearbook-target.choose-pose',
      "Choose a subject's yearbook photo (the yearbook flag) among its photos, until the target's pose deadline (422 after)",
      {
        params: idParam,
        body: keyed('pose', yearbookPoseInputSchema),
        response: { 200: keyed('pose', z.object({ subject_id: z.string(), photo_id: z.string() })) },
      },
    ),
    async (request) => {
      const row = await findTarget(request.access, request.params.id);
      return { pose: await choosePose(ctx, request, row, request.body.pose) };
    },
  );

  app.get(
    '/api/projects/:id/yearbook-deadline',
    operation(
      'yearbook-deadline.show',
      "The project's next yearbook deadline (over all its targets) and what is still missing for it; null when none is ahead",
      {
        params: idParam,
        response: { 200: z.object({ yearbook_deadline: yearbookDeadlineStatusSchema.nullable() }) },
      },
    ),
    async (request) => {
      const project = await findProject(request.access, request.params.id);
      return { yearbook_deadline: await deadlineStatus(ctx.db, project) };
    },
  );

  app.post(
    '/api/yearbook-targets/:id/deliveries',
    operation(
      'yearbook-delivery.create',
      'Make a delivery: full (everyone) or changes (only what changed since the last delivery, with the full MASTER.TXT); built by a job',
      {
        params: idParam,
        body: deliveryBody,
        response: { 202: keyed('yearbook_delivery', yearbookDeliverySchema) },
      },
    ),
    async (request, reply) => {
      const row = await findTarget(request.access, request.params.id);
      const delivery = await createDelivery(
        ctx,
        request,
        sessionOf(request),
        row,
        request.body.delivery.kind,
      );
      return reply.status(202).send({ yearbook_delivery: delivery });
    },
  );

  app.post(
    '/api/yearbook-targets/:id/deliveries/check',
    operation(
      'yearbook-delivery.check',
      'What the next delivery would hold and every warning, naming the subjects (nothing is written)',
      { params: idParam, body: deliveryBody, response: { 200: z.object({ check: deliveryCheckSchema }) } },
    ),
    async (request) => {
      const row = await findTarget(request.access, request.params.id);
      return { check: await checkDelivery(ctx.db, row, request.body.delivery.kind) };
    },
  );

  app.get(
    '/api/yearbook-targets/:id/deliveries',
    operation(
      'yearbook-delivery.list',
      "A target's deliveries (the ledger), newest first, with their counts",
      {
        params: idParam,
        response: { 200: z.object({ yearbook_deliveries: z.array(yearbookDeliverySchema) }) },
      },
    ),
    async (request) => {
      const row = await findTarget(request.access, request.params.id);
      return { yearbook_deliveries: await listDeliveries(ctx.db, row.id) };
    },
  );

  app.get(
    '/api/yearbook-deliveries/:id',
    operation(
      'yearbook-delivery.show',
      'One delivery with its manifest (per subject: photo by content hash, crop, values) and its change list',
      recordById('yearbook_delivery', yearbookDeliveryDetailSchema),
    ),
    async (request) => {
      const row = await findDelivery(request.access, request.params.id);
      return { yearbook_delivery: await deliveryDetail(ctx.db, row.id) };
    },
  );

  app.get(
    '/api/yearbook-deliveries/:id/download',
    operation(
      'yearbook-delivery.download',
      "Redirect to a signed, expiring download of a completed delivery's ZIP (recorded in its ledger); format=json answers the address",
      signedDownload,
    ),
    async (request, reply) => {
      const row = await findDelivery(request.access, request.params.id);
      return downloadDelivery(ctx, request, reply, row, request.query.format);
    },
  );

  app.get(
    '/api/yearbook-deliveries/:id/changes.pdf',
    operation('yearbook-delivery.change-list', "A delivery's change list in plain words, as a PDF", {
      params: idParam,
      response: { 200: z.string().describe('application/pdf') },
    }),
    async (request, reply) => {
      const row = await findDelivery(request.access, request.params.id);
      const { pdf, fileName } = await changeListPdf(ctx.db, request, row);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf as never);
    },
  );

  app.get(
    '/api/yearbook-deliveries/:id/changes.csv',
    operation('yearbook-delivery.change-list', "A delivery's change list, as a CSV file", {
      params: idParam,
      response: csvResponse,
    }),
    async (request, reply) => {
      const row = await findDelivery(request.access, request.params.id);
      const { csv, fileName } = await changeListCsv(ctx.db, request, row);
      return sendCsv(reply, fileName, csv);
    },
  );
}
