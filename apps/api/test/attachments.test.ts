import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobDepsOf } from '../src/jobs/catalogue.js';
import { announceUnfinishedBatches, UNFINISHED_BATCH_QUIET_MS } from '../src/modules/attachments/notify.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { bearer, buildProject, buildUser, injectAs, signIn } from './support/factories.js';
import { makeCsv, makePdf, makeXlsx, makeZip } from './support/files.js';
import { makeJpeg, makePng } from './support/images.js';
import { type SmtpPeer, startSmtpPeer } from './support/smtp.js';
import { buildWorld, type World } from './support/world.js';

let t: ListeningTestApp;
let smtp: SmtpPeer;
let w: World;
/** Storage addresses are same-origin relative paths: fetched from the server's own origin. */
const abs = (address: string) => new URL(address, t.origin).toString();
const tokens: Record<string, string> = {};
const projects: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await listeningTestApp({ SMTP_URL: smtp.url });
  w = await buildWorld(t.ctx.db);
  // School A1 has a contact e-mail; school A2 has none, so its earliest-created user is written to.
  await t.ctx.db
    .updateTable('organizations')
    .set({ contact_email: 'office@a1.example.test' })
    .where('id', '=', w.orgs.schoolA1.id)
    .execute();
  for (const who of ['studioManager', 'studioStaff', 'schoolStaff'])
    tokens[who] = await signIn(t.app, w.users[who]!.email);
  for (const key of ['schoolA1', 'schoolA2', 'schoolB'] as const) {
    projects[key] = await buildProject(t.ctx.db, w.orgs[key].id, `Portraits ${key}`);
  }
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);

/** A new school user of another tree (School B), signed in. */
async function otherTreeSchoolToken() {
  const other = await buildUser(t.ctx.db, { organizations: [w.orgs.schoolB.id], manages: 'own' });
  return signIn(t.app, other.email);
}

describe('file requests and attachments', () => {
  test('request -> e-mails -> school uploads a roster -> creator e-mailed -> byte-identical download', async () => {
    const created = await call('studioManager', 'POST', '/api/attachment-requests', {
      attachment_request: { name: 'Student Roster', description: 'Please send this year’s roster as CSV.' },
      project_ids: [projects.schoolA1, projects.schoolA2],
    });
    expect(created.statusCode).toBe(201);
    const request = created.json().attachment_request;
    expect(request.projects.map((p: { pending: boolean }) => p.pending)).toEqual([true, true]);

    // Each project's organization is written to: the contact, else the earliest-created user.
    const a1 = await eventually(async () =>
      smtp.messages.find((m) => (m.to as { text: string }).text === 'office@a1.example.test'),
    );
    expect(a1.subject).toBe('Files requested for Portraits schoolA1: Student Roster');
    const link = /http:\/\/127\.0\.0\.1:\d+(\/projects\/\d+\/files\/upload\/\d+)/.exec(a1.text ?? '');
    expect(link?.[1]).toBe(`/projects/${projects.schoolA1}/files/upload/${request.id}`);
    const earliestA2 = w.users.memberSchoolA2!.email;
    await eventually(async () => smtp.messages.find((m) => (m.to as { text: string }).text === earliestA2));

    // The dashboard's pending count follows.
    expect(
      (await call('schoolStaff', 'GET', `/api/projects/${projects.schoolA1}`)).json().project
        .pending_attachment_requests_count,
    ).toBe(1);

    const roster = Buffer.from(
      'student_id,first_name,last_name,grade\n1,Ada,Lovelace,3\n2,Émile,Zola,K\n',
      'utf8',
    );
    const attachment = await call('schoolStaff', 'POST', `/api/projects/${projects.schoolA1}/attachments`, {
      attachment: {
        attachment_request_id: request.id,
        upload_file_name: 'roster.csv',
        upload_file_size: roster.length,
      },
    });
    expect(attachment.statusCode).toBe(201);
    const body = attachment.json().attachment;
    expect(body).toMatchObject({
      upload_content_type: 'text/csv',
      is_upload_verified: false,
      uploaded_at: null,
    });
    expect((await t.upload(body.presigned_post, roster)).status).toBe(204);
    const verified = await call('schoolStaff', 'PATCH', `/api/attachments/${body.id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().attachment.is_upload_verified).toBe(true);

    const creatorMail = await eventually(async () =>
      smtp.messages.find((m) => m.subject === 'File uploaded for Portraits schoolA1: Student Roster'),
    );
    expect((creatorMail.to as { text: string }).text).toBe(w.users.studioManager!.email);

    const project = (await call('studioManager', 'GET', `/api/projects/${projects.schoolA1}`)).json().project;
    expect(project).toMatchObject({
      pending_attachment_requests_count: 0,
      attachments_count: 1,
      attachment_requests_count: 1,
    });

    const download = await call('studioManager', 'GET', `/api/attachments/${body.id}/download`);
    expect(download.statusCode).toBe(302);
    const file = await fetch(abs(download.headers.location as string));
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      createHash('sha256').update(roster).digest('hex'),
    );
    expect(file.headers.get('content-disposition')).toContain('roster.csv');
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('record_id', '=', body.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'attachment.download', user_id: w.users.studioManager!.id }),
    ]);
  });

  test('a file whose content is not its claimed type is refused and nothing is left', async () => {
    const fake = Buffer.from('this is not a pdf');
    const created = await call('schoolStaff', 'POST', `/api/projects/${projects.schoolA1}/attachments`, {
      attachment: { upload_file_name: 'report.pdf', upload_file_size: fake.length },
    });
    const body = created.json().attachment;
    expect(body.upload_content_type).toBe('application/pdf');
    await t.upload(body.presigned_post, fake);
    const verified = await call('schoolStaff', 'PATCH', `/api/attachments/${body.id}/verify`);
    expect(verified.statusCode).toBe(422);
    expect(verified.json().errors.file[0]).toMatch(/not a real PDF/);
    expect(
      (await call('schoolStaff', 'GET', `/api/projects/${projects.schoolA1}/attachments`))
        .json()
        .attachments.map((a: { id: string }) => a.id),
    ).not.toContain(body.id);
    expect(await t.ctx.storage.head(body.presigned_post.fields.key)).toBeNull();
    const binary = Buffer.from([0x4d, 0x5a, 0x00, 0x01]);
    const exe = await call('schoolStaff', 'POST', `/api/projects/${projects.schoolA1}/attachments`, {
      attachment: { upload_file_name: 'roster.csv', upload_file_size: binary.length },
    });
    await t.upload(exe.json().attachment.presigned_post, binary);
    expect(
      (await call('schoolStaff', 'PATCH', `/api/attachments/${exe.json().attachment.id}/verify`)).statusCode,
    ).toBe(422);
  });

  test('unsupported types and missing fields answer 422; only studios request files', async () => {
    const exe = await call('schoolStaff', 'POST', `/api/projects/${projects.schoolA1}/attachments`, {
      attachment: { upload_file_name: 'setup.exe', upload_file_size: 10 },
    });
    expect(exe.statusCode).toBe(422);
    const blank = await call('studioManager', 'POST', '/api/attachment-requests', {
      attachment_request: { name: '', description: '' },
      project_ids: [],
    });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['description', 'name', 'project_ids']);
    const foreign = await call('studioManager', 'POST', '/api/attachment-requests', {
      attachment_request: { name: 'X', description: 'Y' },
      project_ids: [projects.schoolB],
    });
    expect(foreign.statusCode).toBe(422);
    for (const who of ['studioStaff', 'schoolStaff']) {
      const refused = await call(who, 'POST', '/api/attachment-requests', {
        attachment_request: { name: 'X', description: 'Y' },
        project_ids: [projects.schoolA1],
      });
      expect(refused.statusCode, who).toBe(403);
    }
  });

  test('a school sees only its own projects’ requests and files', async () => {
    const list = (
      await call('schoolStaff', 'GET', `/api/projects/${projects.schoolA1}/attachment-requests`)
    ).json().attachment_requests;
    expect(list.length).toBeGreaterThan(0);
    // The request asked for A1 and A2; the A1 school sees only its own project in it.
    for (const r of list) expect(r.projects.map((p: { id: string }) => p.id)).toEqual([projects.schoolA1]);
    expect(
      (await call('schoolStaff', 'GET', `/api/projects/${projects.schoolA2}/attachments`)).statusCode,
    ).toBe(404);
    expect(
      (await call('schoolStaff', 'GET', `/api/organizations/${w.orgs.studioA.id}/attachment-requests`))
        .statusCode,
    ).toBe(404);
    const token = await otherTreeSchoolToken();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/attachment-requests/${list[0].id}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
  });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** School staff attach a file to A1's project, upload it through its form, and verify it. */
async function attach(name: string, bytes: Buffer) {
  const created = await call('schoolStaff', 'POST', `/api/projects/${projects.schoolA1}/attachments`, {
    attachment: { upload_file_name: name, upload_file_size: bytes.length },
  });
  expect(created.statusCode).toBe(201);
  const body = created.json().attachment;
  expect((await t.upload(body.presigned_post, bytes)).status).toBe(204);
  const verify = await call('schoolStaff', 'PATCH', `/api/attachments/${body.id}/verify`);
  return { id: body.id as string, post: body.presigned_post as Post, verify };
}
type Post = { url: string; fields: Record<string, string> };

describe('whole-file type checks', () => {
  const fourKiB = 4096;
  const cases: [string, string, () => Promise<Buffer> | Buffer][] = [
    ['a truncated JPEG named .jpg', 'photo.jpg', async () => (await makeJpeg(600, 400)).subarray(0, 5000)],
    [
      'a truncated PNG named .png',
      'logo.png',
      async () => {
        const png = await makePng(400, 400);
        return png.subarray(0, Math.floor(png.length * 0.6));
      },
    ],
    ['a JPEG named .png', 'logo.png', () => makeJpeg(50, 50)],
    [
      'a CSV with a NUL after its first 4 KiB',
      'roster.csv',
      () => Buffer.concat([makeCsv(fourKiB + 500), Buffer.from([0]), Buffer.from('9,Zed,Zed,1\n')]),
    ],
    [
      'a CSV with a control byte at its very end',
      'roster.csv',
      () => Buffer.concat([makeCsv(200_000), Buffer.from([0x1b])]),
    ],
    ['an MZ executable named .csv', 'roster.csv', () => Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03])],
    [
      'binary without NUL bytes named .csv',
      'roster.csv',
      () => Buffer.from(Array.from({ length: 255 }, (_, i) => i + 1)),
    ],
    [
      'a UTF-16 text with a NUL character',
      'notes.txt',
      () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ab\u0000c', 'utf16le')]),
    ],
    [
      'a PDF cut off before its trailer',
      'report.pdf',
      () => {
        const pdf = makePdf();
        return pdf.subarray(0, pdf.length - 200);
      },
    ],
    [
      'a ZIP whose end (the central directory) is missing',
      'photos.zip',
      () => {
        const zip = makeZip({ 'a.txt': 'x'.repeat(5000), 'b.txt': 'y'.repeat(5000) });
        return zip.subarray(0, zip.length - 60);
      },
    ],
    ['a ZIP named .xlsx that holds no workbook', 'roster.xlsx', () => makeZip({ 'roster.csv': 'a,b\n' })],
    [
      'a ZIP named .xlsx whose directory is cut',
      'roster.xlsx',
      () => {
        const xlsx = makeXlsx();
        return xlsx.subarray(0, xlsx.length - 10);
      },
    ],
  ];
  test.each(cases)('%s is refused, and nothing of it stays in storage', async (_what, name, make) => {
    const bytes = await make();
    const { id, post, verify } = await attach(name, bytes);
    expect(verify.statusCode).toBe(422);
    expect(verify.json().errors.file[0]).toMatch(/^is not a real/);
    const uploadKey = post.fields.key!;
    expect(await t.ctx.storage.head(uploadKey)).toBeNull();
    expect(await t.ctx.storage.head(uploadKey.replace(/\.upload$/, ''))).toBeNull();
    expect(
      await t.ctx.db.selectFrom('attachments').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    // The form can't bring the file back (the local target refuses it; on S3 the key is swept after expiry).
    expect((await t.upload(post, bytes)).status).toBe(403);
    expect(await t.ctx.storage.head(uploadKey)).toBeNull();
  });

  const good: [string, string, () => Promise<Buffer> | Buffer][] = [
    ['a large UTF-8 roster with accents across every chunk', 'roster.csv', () => makeCsv(300_000)],
    [
      'a UTF-16 roster with a BOM',
      'roster.csv',
      () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('student_id,name\n1,Zoë\n', 'utf16le')]),
    ],
    [
      // What Excel on Windows saves as "CSV": "Zoë" is the single byte 0xEB.
      'a Windows-1252 roster from Excel',
      'roster.csv',
      () => Buffer.from([...Buffer.from('student_id,first_name\r\n1,Zo'), 0xeb, ...Buffer.from('\r\n')]),
    ],
    ['a complete PDF', 'report.pdf', () => makePdf()],
    ['a whole ZIP', 'photos.zip', () => makeZip({ 'a.txt': 'x'.repeat(5000), 'b/c.txt': 'y' })],
    ['a whole XLSX', 'roster.xlsx', () => makeXlsx()],
    ['a whole PNG', 'logo.png', () => makePng(200, 100)],
    ['a whole JPEG', 'photo.jpg', () => makeJpeg(300, 200)],
  ];
  test.each(good)('%s is verified, with its SHA-256 kept', async (_what, name, make) => {
    const bytes = await make();
    const { id, verify } = await attach(name, bytes);
    expect(verify.statusCode, JSON.stringify(verify.json())).toBe(200);
    expect(verify.json().attachment.is_upload_verified).toBe(true);
    const row = await t.ctx.db
      .selectFrom('attachments')
      .select('content_sha256')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.content_sha256).toBe(sha(bytes));
  });
});

describe('one upload per form', () => {
  test('after verify, posting the form again with an executable is refused; the download is the roster', async () => {
    const roster = makeCsv(2000);
    const { id, post, verify } = await attach('roster.csv', roster);
    expect(verify.statusCode).toBe(200);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 1)]);
    expect((await t.upload(post, exe)).status).toBe(403);
    const again = await call('schoolStaff', 'PATCH', `/api/attachments/${id}/verify`);
    expect(again.json().attachment.is_upload_verified).toBe(true);
    const download = await call('studioManager', 'GET', `/api/attachments/${id}/download`);
    const served = Buffer.from(await (await fetch(abs(download.headers.location as string))).arrayBuffer());
    expect(sha(served)).toBe(sha(roster));
    expect(await t.ctx.storage.head(post.fields.key!)).toBeNull();
  });
});

describe('removing a file that never arrived', () => {
  test('a Not Uploaded file is removed with whatever bytes reached storage; an arrived one is kept (409)', async () => {
    const bytes = makeCsv(10);
    const created = await call('schoolStaff', 'POST', `/api/projects/${projects.schoolA1}/attachments`, {
      attachment: { upload_file_name: 'late.csv', upload_file_size: bytes.length },
    });
    const body = created.json().attachment;
    // The bytes reached the form's key, but the file was never verified.
    expect((await t.upload(body.presigned_post, bytes)).status).toBe(204);
    const formKey = body.presigned_post.fields.key as string;
    expect(await t.ctx.storage.head(formKey)).not.toBeNull();
    const removed = await call('schoolStaff', 'DELETE', `/api/attachments/${body.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('attachments').select('id').where('id', '=', body.id).execute()).toEqual(
      [],
    );
    expect(await t.ctx.storage.head(formKey)).toBeNull();
    expect((await call('schoolStaff', 'DELETE', `/api/attachments/${body.id}`)).statusCode).toBe(404);

    const { id } = await attach('kept.csv', makeCsv(10));
    const refused = await call('schoolStaff', 'DELETE', `/api/attachments/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.base).toBeDefined();
    expect((await call('schoolStaff', 'GET', `/api/attachments/${id}/download`)).statusCode).toBe(302);
  });
});

describe('one e-mail per upload batch', () => {
  /** Waits until every queued e-mail has been delivered (the outbox is empty), before counting them. */
  const everyMailSent = () =>
    eventually(async () => {
      const left = await t.ctx.db
        .selectFrom('email_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .execute();
      return left.length === 0;
    });

  /** A request of the studio manager's for schoolA1's files; answers its id. */
  async function fileRequest(name: string): Promise<string> {
    const created = await call('studioManager', 'POST', '/api/attachment-requests', {
      attachment_request: { name, description: 'Files, please.' },
      project_ids: [projects.schoolA1],
    });
    expect(created.statusCode).toBe(201);
    return created.json().attachment_request.id as string;
  }

  /** One file of a batch answering `requestId`: created, uploaded and verified without an e-mail. */
  async function batchFile(requestId: string, name: string): Promise<string> {
    const bytes = Buffer.from(`student_id,name\n1,${name}\n`);
    const res = await call('schoolStaff', 'POST', `/api/projects/${projects.schoolA1}/attachments`, {
      attachment: {
        attachment_request_id: requestId,
        upload_file_name: name,
        upload_file_size: bytes.length,
      },
    });
    const body = res.json().attachment;
    expect((await t.upload(body.presigned_post, bytes)).status).toBe(204);
    const verify = await call('schoolStaff', 'PATCH', `/api/attachments/${body.id}/verify`, {
      notify: false,
    });
    expect(verify.statusCode).toBe(200);
    return body.id as string;
  }

  test('three files verified without notice, then uploads-complete: one e-mail naming all three, once', async () => {
    const requestId = await fileRequest('Batch Roster');
    const subject = 'Files uploaded for Portraits schoolA1: Batch Roster';
    const batchMails = () =>
      smtp.messages.filter((m) =>
        (m.subject ?? '').includes('uploaded for Portraits schoolA1: Batch Roster'),
      );
    const ids: string[] = [];
    for (const name of ['a.csv', 'b.csv', 'c.csv']) ids.push(await batchFile(requestId, name));
    const complete = await call(
      'schoolStaff',
      'POST',
      `/api/attachment-requests/${requestId}/uploads-complete`,
      {
        attachment_ids: ids,
      },
    );
    expect(complete.statusCode).toBe(200);
    expect(complete.json().notified_attachment_ids.sort()).toEqual([...ids].sort());
    const mail = await eventually(async () => smtp.messages.find((m) => m.subject === subject));
    expect((mail.to as { text: string }).text).toBe(w.users.studioManager!.email);
    for (const name of ['a.csv', 'b.csv', 'c.csv']) expect(mail.text).toContain(name);

    // Asked again: nothing more is sent.
    const again = await call(
      'schoolStaff',
      'POST',
      `/api/attachment-requests/${requestId}/uploads-complete`,
      {
        attachment_ids: ids,
      },
    );
    expect(again.json().notified_attachment_ids).toEqual([]);
    await everyMailSent();
    expect(batchMails()).toHaveLength(1);
  });

  test('a single verify still e-mails at once; ids of another request or out of view are invalid', async () => {
    const created = await call('studioManager', 'POST', '/api/attachment-requests', {
      attachment_request: { name: 'Single Roster', description: 'One file.' },
      project_ids: [projects.schoolA1],
    });
    const requestId = created.json().attachment_request.id as string;
    const bytes = Buffer.from('student_id,name\n1,Ada\n');
    const res = await call('schoolStaff', 'POST', `/api/projects/${projects.schoolA1}/attachments`, {
      attachment: {
        attachment_request_id: requestId,
        upload_file_name: 'one.csv',
        upload_file_size: bytes.length,
      },
    });
    const body = res.json().attachment;
    await t.upload(body.presigned_post, bytes);
    expect((await call('schoolStaff', 'PATCH', `/api/attachments/${body.id}/verify`)).statusCode).toBe(200);
    const mail = await eventually(async () =>
      smtp.messages.find((m) => m.subject === 'File uploaded for Portraits schoolA1: Single Roster'),
    );
    expect(mail.text).toContain('A file was uploaded');
    // Already announced: the batch call sends nothing.
    const complete = await call(
      'schoolStaff',
      'POST',
      `/api/attachment-requests/${requestId}/uploads-complete`,
      {
        attachment_ids: [body.id],
      },
    );
    expect(complete.json().notified_attachment_ids).toEqual([]);

    // A file without this request, and a made-up id: 422, nothing sent.
    const loose = await attach('loose.csv', Buffer.from('a,b\n1,2\n'));
    for (const attachment_ids of [[loose.id], ['999999999'], [body.id, loose.id]]) {
      const bad = await call(
        'schoolStaff',
        'POST',
        `/api/attachment-requests/${requestId}/uploads-complete`,
        {
          attachment_ids,
        },
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({ errors: { attachment_ids: ['is invalid'] } });
    }
    expect(
      (await call('schoolStaff', 'POST', `/api/attachment-requests/${requestId}/uploads-complete`, {}))
        .statusCode,
    ).toBe(422);
    // Another school's user does not see the request: 404.
    const token = await otherTreeSchoolToken();
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/attachment-requests/${requestId}/uploads-complete`,
      headers: bearer(token),
      payload: { attachment_ids: [body.id] },
    });
    expect(foreign.statusCode).toBe(404);
  });
  test('a batch whose browser closed before uploads-complete is announced once its uploads have been quiet', async () => {
    const requestId = await fileRequest('Unfinished Roster');
    const ids = [await batchFile(requestId, 'd.csv'), await batchFile(requestId, 'e.csv')];
    const deps = jobDepsOf(t.ctx);
    const notified = async () =>
      (
        await t.ctx.db
          .selectFrom('attachments')
          .select('requester_notified_at')
          .where('id', 'in', ids)
          .execute()
      ).filter((r) => r.requester_notified_at !== null).length;

    // Uploaded just now: the batch may still be going on, so nothing is sent.
    await announceUnfinishedBatches(deps);
    expect(await notified()).toBe(0);

    // Quiet for the whole window: one e-mail naming both files, and only once.
    const later = new Date(Date.now() + UNFINISHED_BATCH_QUIET_MS + 1000);
    expect(await announceUnfinishedBatches(deps, later)).toBeGreaterThanOrEqual(2);
    expect(await notified()).toBe(2);
    expect(await announceUnfinishedBatches(deps, later)).toBe(0);
    const subject = 'Files uploaded for Portraits schoolA1: Unfinished Roster';
    const mail = await eventually(async () => smtp.messages.find((m) => m.subject === subject));
    expect((mail.to as { text: string }).text).toBe(w.users.studioManager!.email);
    for (const name of ['d.csv', 'e.csv']) expect(mail.text).toContain(name);
    await everyMailSent();
    expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1);
  });
});
