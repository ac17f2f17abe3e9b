import { beforeAll, expect, test } from 'vitest';
import { zipOf } from '../../api/test/support/zip.js';
import { schoolProject } from './support/factories.js';
import { applyImport, checkImport, importedSubjectsText } from './support/import-roster.js';
import { apiAs, DEMO_USERS, productAndBrowser, sharedSignedInPage } from './support/server.js';

/**
 * OneRoster 1.1, the roster standard districts export: the studio uploads a district's zip on the Import
 * Roster screen; it is recognised as OneRoster, the project's school is read (the other school can be
 * chosen), the mapping is suggested, and the students arrive with their home room and its primary teacher.
 */

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
/** The studio manager's page, each test going on from where the one before left it. */
const studio = sharedSignedInPage(product);
let projectId: string;

const FILES: Record<string, string> = {
  'orgs.csv':
    '\uFEFFsourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\r\n' +
    'd1,active,,Maple Grove District,district,,\r\n' +
    's1,active,,Maple Grove Elementary,school,MGE,d1\r\n' +
    's2,active,,Oak Hill Middle,school,OHM,d1\r\n',
  'users.csv':
    'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password\r\n' +
    't1,active,,true,s1,teacher,,,Ann,Park,,,,,,,,\r\n' +
    't2,active,,true,s1,teacher,,,Raj,Diaz,,,,,,,,\r\n' +
    'u1,active,,true,s1,student,,,Ava,Nguyen,,00101,,,,,03,secret\r\n' +
    'u2,active,,true,s1,student,,,Ben,Okafor,,00102,,,,,KG,secret\r\n' +
    'u3,tobedeleted,,true,s1,student,,,Cal,Gone,,00103,,,,,03,\r\n' +
    'u4,active,,true,s2,student,,,Dee,Other,,00901,,,,,07,\r\n',
  'classes.csv':
    'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods\r\n' +
    'hr1,active,,Homeroom Park,03,,HR1,homeroom,Room 12,s1,,,,\r\n' +
    'art,active,,Art,03,,ART,scheduled,Studio,s1,,,,\r\n' +
    'hr9,active,,Homeroom 7,07,,HR9,homeroom,Room 70,s2,,,,\r\n',
  'enrollments.csv':
    '\uFEFFsourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\r\n' +
    'e1,active,,hr1,s1,t1,teacher,true,,\r\n' +
    'e2,active,,hr1,s1,t2,teacher,false,,\r\n' +
    'e3,active,,hr1,s1,u1,student,false,,\r\n' +
    'e4,active,,hr1,s1,u2,student,false,,\r\n' +
    'e5,active,,art,s1,t2,teacher,true,,\r\n' +
    'e6,active,,art,s1,u2,student,false,,\r\n' +
    'e7,active,,hr9,s2,u4,student,false,,\r\n',
};

beforeAll(async () => {
  const { api: studio } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  projectId = (
    await schoolProject(product.app, studio, {
      name: 'OneRoster Day 2026',
      template: 'OneRoster E2E Template',
      fields: ['student_id', 'first_name', 'last_name', 'grade', 'home_room', 'teacher'],
    })
  ).id;
});

test('a OneRoster zip is recognised, mapped, checked and applied: students with home room and teacher', async () => {
  const { page } = studio;
  await page.goto(`${product.baseUrl}/projects/${projectId}/subjects/import`);
  await page.getByRole('heading', { name: 'Import Roster' }).waitFor();
  await page.getByTestId('roster-file').setInputFiles({
    name: 'district oneroster.zip',
    mimeType: 'application/zip',
    buffer: await zipOf(FILES),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('table', { name: 'Map Columns' }).waitFor();
  expect(await page.getByTestId('import-intro').textContent()).toBe(
    'district oneroster.zip: a OneRoster roster, 2 students of Maple Grove Elementary. Choose the field for each column, or skip it.',
  );
  // The other school of the zip can be chosen; back to the project's school.
  const school = page.getByRole('combobox', { name: 'School' });
  expect(await school.textContent()).toBe('Maple Grove Elementary');
  await school.click();
  await page.getByRole('option', { name: 'Oak Hill Middle' }).click();
  await page.getByText('a OneRoster roster, 1 student of Oak Hill Middle.', { exact: false }).waitFor();
  await school.click();
  await page.getByRole('option', { name: 'Maple Grove Elementary' }).click();
  await page.getByText('2 students of Maple Grove Elementary', { exact: false }).waitFor();
  for (const [column, field] of [
    ['Student ID', 'Student ID'],
    ['Home Room', 'Home Room'],
    ['Teacher', 'Teacher'],
    ['Grade', 'Grade'],
  ])
    expect(await page.getByRole('combobox', { name: `Field for ${column}` }).textContent()).toBe(field);
  await checkImport(page);
  expect(await page.getByTestId('check-creates').textContent()).toBe('2 new');
  expect(await page.getByTestId('check-errors').textContent()).toBe('0 with errors');
  await applyImport(page, 'Import complete: 2 created, 0 updated, 0 unchanged, 0 skipped.');
  const text = await importedSubjectsText(page, 2);
  for (const shown of ['Ava Nguyen', 'Ben Okafor', '00101', 'Park', '3', 'K']) expect(text).toContain(shown);
  for (const absent of ['Cal Gone', 'Dee Other', 'Diaz']) expect(text).not.toContain(absent);
});

test('a district zip as sent (US dates, a vendor column, a student without identifier): the check warns and names her, and sourcedId can be the Student ID', async () => {
  const { page } = studio;
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  const project = await schoolProject(product.app, api, {
    name: 'OneRoster as sent 2026',
    template: 'OneRoster E2E Template 2',
    fields: ['student_id', 'first_name', 'last_name', 'grade', 'home_room', 'teacher'],
  });
  const files = {
    ...FILES,
    // A vendor's userId column, and Ben (row 5) without an identifier.
    'users.csv': FILES['users.csv']!.split('\r\n')
      .map((line, i) => (line === '' ? line : `${line},${i === 0 ? 'userId' : 'x'}`))
      .join('\r\n')
      .replace(',00102,', ',,'),
    // Enrollments dated as US district systems write them, open until next summer.
    'enrollments.csv': FILES['enrollments.csv']!.replace(/,,\r\n/g, ',08/20/2026,06/30/2027\r\n'),
  };
  await page.goto(`${product.baseUrl}/projects/${project.id}/subjects/import`);
  await page.getByRole('heading', { name: 'Import Roster' }).waitFor();
  await page.getByTestId('roster-file').setInputFiles({
    name: 'district as sent.zip',
    mimeType: 'application/zip',
    buffer: await zipOf(files),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('table', { name: 'Map Columns' }).waitFor();
  await checkImport(page);
  expect(await page.getByTestId('check-creates').textContent()).toBe('2 new');
  expect(await page.getByTestId('check-warnings').textContent()).toBe('2 warnings');
  expect(await page.getByTestId('check-notices').textContent()).toContain(
    'Columns OneRoster 1.1 does not name were ignored: users.csv: userId',
  );
  const warning = await page.getByTestId('warning-row').first().textContent();
  expect(warning).toContain('users.csv, row 5');
  expect(warning).toContain('Ben Okafor');
  expect(warning).toContain('has no identifier');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('combobox', { name: 'Student ID from' }).click();
  await page.getByRole('option', { name: 'sourcedId (the roster’s own ID)' }).click();
  await page.getByRole('combobox', { name: 'Student ID from' }).getByText('sourcedId').waitFor();
  await checkImport(page);
  expect(await page.getByTestId('check-warnings').textContent()).toBe('1 warning');
  expect(await page.getByTestId('warning-row').count()).toBe(0);
  await applyImport(page, 'Import complete: 2 created, 0 updated, 0 unchanged, 0 skipped.');
  const text = await importedSubjectsText(page, 2);
  // Home room teachers arrive though the dates are not ISO; the IDs are the roster's sourcedIds.
  for (const shown of ['Ava Nguyen', 'Ben Okafor', 'Student ID:u1', 'Student ID:u2', 'Park'])
    expect(text).toContain(shown);
});
