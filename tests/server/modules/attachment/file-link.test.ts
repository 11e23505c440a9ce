import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_LINK_TTL_MS } from '../../../../src/server/services/files/file-link-store';
import { SAMPLE_FILES } from '../../helpers/activity-fixtures';
import { businessLicence, call } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser, type TestUser } from '../../helpers/test-users';

/**
 * Spec §7 upload/token: a file link is the attachment's storage key plus a token that works for five
 * minutes without the Authorization header; only who may download the file gets one, and a wrong,
 * expired or borrowed token is the same 404 as a missing file.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

interface FileLink {
  key: string;
  token: string;
  expiresAt: string;
  url: string;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createLoggedInUser(t, 'owner');
  stranger = await createLoggedInUser(t, 'stranger');
});
afterAll(async () => t.close());

describe('file links (upload/token)', () => {
  it('gives the uploader a link that serves the file without a bearer token, until it expires', async () => {
    const file = await businessLicence(t, owner);
    const issued = await call<FileLink>(t, owner, 'GET', `/api/integrity/app/upload/token?id=${file.id}`);
    expect(issued.status).toBe(200);
    const link = issued.body.data;
    expect(link.key).toBe(file.id);
    expect(link.url).toBe(`/api/files/${file.id}?token=${link.token}`);
    const served = await t.app.inject({ method: 'GET', url: link.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SAMPLE_FILES.pdf())).toBe(true);
    expect(served.headers['content-disposition']).toContain('attachment;');

    // Another file's key with this token, a made-up token, and this token once expired: all 404.
    const other = await businessLicence(t, owner);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${other.id}?token=${link.token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file.id}?token=${'A'.repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file.id}` })).statusCode).toBe(400);
    t.clock.advance(FILE_LINK_TTL_MS + 1000);
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(404);
  });

  it('gives no link to someone who may not download the file, nor to a visitor', async () => {
    const file = await businessLicence(t, owner);
    expect((await call(t, stranger, 'GET', `/api/integrity/app/upload/token?id=${file.id}`)).status).toBe(404);
    expect((await call(t, undefined, 'GET', `/api/integrity/app/upload/token?id=${file.id}`)).status).toBe(401);
  });
});
