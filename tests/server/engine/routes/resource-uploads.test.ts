import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import { SAMPLE_FILES, upload, type FileRefBody } from '../../helpers/activity-fixtures';
import { bookingData, call, createResourceTestApp, LAB, transition } from '../../helpers/resource-fixtures';
import type { TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let reviewer: TestUser;

const FIELD = { ownerKind: 'resource', ownerId: LAB, field: 'approvalForm' };

async function uploadForm(user: TestUser, name = '预约申请表.pdf'): Promise<FileRefBody> {
  const response = await upload(t, user, FIELD, { filename: name, content: SAMPLE_FILES.pdf() });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json<{ data: FileRefBody }>().data;
}

function download(user: TestUser, id: string): Promise<number> {
  return t.app
    .inject({ method: 'GET', url: `/api/sys/form/data/attachment/${id}`, headers: user.auth })
    .then((response) => response.statusCode);
}

beforeAll(async () => {
  t = await createResourceTestApp();
  alice = await createLoggedInUser(t, 'alice');
  bob = await createLoggedInUser(t, 'bob');
  // The fixture grants lab-booking's permissions to the reviewer role (resource.json grants).
  reviewer = await createLoggedInUser(t, 'rev', 'reviewer');
});
afterAll(async () => t.close());

describe('an Upload field in a resource record (the generic upload target)', () => {
  it('takes a file for the record form and keeps the reference the owner saves', async () => {
    const ref = await uploadForm(alice);
    expect(ref).toMatchObject({ name: '预约申请表.pdf', type: 'pdf' });
    const created = await call<RecordView>(t, alice, 'POST', `/api/resources/${LAB}/create`, bookingData({ approvalForm: [ref] }));
    expect(created.status).toBe(200);
    expect(created.body.data.data['approvalForm']).toEqual([ref]);
    expect(await download(alice, ref.id)).toBe(200);
  });

  it('refuses a field that is not an Upload, a step, an unknown or module-kept resource', async () => {
    const pdf = { filename: 'a.pdf', content: SAMPLE_FILES.pdf() };
    expect((await upload(t, alice, { ...FIELD, field: 'remark' }, pdf)).statusCode).toBe(400);
    expect((await upload(t, alice, { ...FIELD, step: 'files' }, pdf)).statusCode).toBe(400);
    expect((await upload(t, alice, { ...FIELD, ownerId: 'no-such-resource' }, pdf)).statusCode).toBe(404);
    expect((await upload(t, alice, { ...FIELD, ownerId: 'application' }, pdf)).statusCode).toBe(404);
    expect((await upload(t, alice, { ...FIELD, ownerKind: 'folder' }, pdf)).statusCode).toBe(400);
    // The field's own x-upload: a PNG is fine, an executable is not.
    expect((await upload(t, alice, FIELD, { filename: 'a.exe', content: SAMPLE_FILES.exe() })).statusCode).toBe(415);
  });

  it('refuses someone else’s file, an activity’s file and a made-up reference, on the field', async () => {
    const bobs = await uploadForm(bob);
    // The activityId shorthand of an activity's owner still works for the step form's uploads.
    const activityFile = await upload(
      t,
      alice,
      { activityId: 'hightech-cultivation', step: 'attachments', field: 'businessLicense' },
      { filename: 'x.pdf', content: SAMPLE_FILES.pdf() },
    );
    expect(activityFile.statusCode).toBe(200);
    const candidates: unknown[] = [
      bobs,
      activityFile.json<{ data: FileRefBody }>().data,
      { id: '00000000-0000-4000-8000-000000000000', name: 'x.pdf', size: 200, type: 'pdf' },
    ];
    for (const ref of candidates) {
      const { status, body } = await call(t, alice, 'POST', `/api/resources/${LAB}/create`, bookingData({ approvalForm: [ref] }));
      expect(status, JSON.stringify(ref)).toBe(400);
      expect(body.errors).toEqual([expect.objectContaining({ path: 'approvalForm.0', keyword: 'attachment' })]);
    }
    // A reference with its name changed is not the stored file either.
    const mine = await uploadForm(alice);
    const renamed = await call(
      t,
      alice,
      'POST',
      `/api/resources/${LAB}/create`,
      bookingData({ approvalForm: [{ ...mine, name: '别的.pdf' }] }),
    );
    expect(renamed.status).toBe(400);
  });

  it('opens the file to a reviewer once the record leaves its private draft, never to another applicant', async () => {
    const ref = await uploadForm(alice, '盖章申请表.pdf');
    const created = await call<RecordView>(t, alice, 'POST', `/api/resources/${LAB}/create`, bookingData({ approvalForm: [ref] }));
    expect(await download(reviewer, ref.id)).toBe(404);
    expect(await download(bob, ref.id)).toBe(404);
    const submitted = await transition(t, alice, 'submit', created.body.data);
    expect(submitted.status).toBe(200);
    expect(await download(reviewer, ref.id)).toBe(200);
    expect(await download(bob, ref.id)).toBe(404);
  });
});
