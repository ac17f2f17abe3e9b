import { expect } from 'vitest';
import { eventually, type ListeningTestApp } from './app.js';
import { bearer } from './factories.js';

/**
 * The browser's flow for one picture-day file: the batch's record and upload form (the album upload's
 * field names, with `extra` fields beside them), the bytes to storage, then verify until it is done
 * (with `verified: false`, asked once: the answer is 202, verifying). Answers the photo's id.
 */
export async function uploadBatchPhoto(
  t: ListeningTestApp,
  token: string,
  batchId: string,
  name: string,
  bytes: Buffer,
  extra: Record<string, unknown> = {},
  { verified = true } = {},
): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/photo-batches/${batchId}/photos`,
    headers: bearer(token),
    payload: {
      photo: {
        upload_file_name: name,
        upload_file_size: bytes.length,
        upload_content_type: 'image/jpeg',
        ...extra,
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { photo } = created.json();
  expect((await t.upload(photo.presigned_post, bytes, name)).status).toBe(204);
  if (!verified) {
    const verify = await t.app.inject({
      method: 'PATCH',
      url: `/api/photos/${photo.id}/verify`,
      headers: bearer(token),
    });
    expect(verify.statusCode, verify.body).toBe(202);
    return photo.id as string;
  }
  // As long as a loaded CI machine needs to verify: the wait only ends sooner.
  await eventually(
    async () =>
      (await t.app.inject({ method: 'PATCH', url: `/api/photos/${photo.id}/verify`, headers: bearer(token) }))
        .statusCode === 200,
    60_000,
  );
  return photo.id as string;
}
