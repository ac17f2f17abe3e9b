import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { VisibleRef } from '../modules/access/visibility.js';
import { type AuditEntry, actorOf, recordAudit } from '../modules/audit/record.js';
import { idParam } from './params.js';

/** How long a signed download address works: long enough to start it, short enough not to be shared. */
export const DOWNLOAD_EXPIRY_SECONDS = 5 * 60;

/**
 * The schema of a "download a stored file" route: `format=redirect` (the default) answers 302 to a signed,
 * expiring address; `format=json` answers the address, because a browser can't carry its bearer token
 * through a redirect into a download.
 */
export const signedDownload = {
  params: idParam,
  querystring: z.object({ format: z.enum(['redirect', 'json']).default('redirect') }).strict(),
  response: {
    200: z.object({ download: z.object({ url: z.string(), expires_at: z.string() }) }),
    302: z.null().describe('Redirect to the signed address (Location)'),
  },
};

/** The trail row of a download of the record found as `ref`: `<kind>.download`, on its project and organization. */
export const downloadAudit = (
  recordType: 'layout_render' | 'photo' | 'project_export',
  ref: VisibleRef,
): AuditEntry => ({
  action: `${recordType}.download`,
  recordType,
  recordId: ref.id,
  projectId: ref.project_id,
  ownerOrganizationId: ref.organization_id,
});

/** What a download hands out: the stored object, the name it downloads under, and its trail row. */
export interface SignedDownload {
  /** The route's `format`: a redirect, or the address as JSON. */
  format: 'redirect' | 'json';
  key: string;
  downloadName: string;
  contentType: string;
  audit: AuditEntry;
}

/** Records the download in the activity trail, then answers a signed address as the route's format asks. */
export async function answerSignedDownload(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  request: FastifyRequest,
  reply: FastifyReply,
  download: SignedDownload,
) {
  await recordAudit(ctx.db, actorOf(request), download.audit);
  const url = await ctx.storage.presignGet({
    key: download.key,
    expiresInSeconds: DOWNLOAD_EXPIRY_SECONDS,
    downloadName: download.downloadName,
    contentType: download.contentType,
  });
  if (download.format === 'json') {
    const expires = new Date(Date.now() + DOWNLOAD_EXPIRY_SECONDS * 1000).toISOString();
    return reply.send({ download: { url, expires_at: expires } });
  }
  return reply.redirect(url, 302);
}
