import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAttachment, uploadAttachment } from '../../../src/client/engine/attachment-api';

const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../../src/client/api/http', () => ({ http }));

beforeEach(() => {
  http.post.mockReset();
  http.get.mockReset();
});

describe('attachment API', () => {
  it('posts multipart with the owner, step and field before the file part, and reports progress', async () => {
    const ref = { id: '9d2e4f61-7a8b-4c3d-8e5f-1a2b3c4d5e01', name: 'a.pdf', size: 4, type: 'pdf' };
    http.post.mockImplementation(
      async (_url: string, _body: FormData, config: { onUploadProgress: (e: { loaded: number; total: number }) => void }) => {
        config.onUploadProgress({ loaded: 1, total: 4 });
        return { data: { code: 0, msg: 'ok', data: ref } };
      },
    );
    const progress: number[] = [];
    const file = new File(['%PDF'], 'a.pdf');
    await expect(
      uploadAttachment({
        target: { ownerKind: 'activity', ownerId: 'act', step: 'attachments' },
        field: 'groups.0.files',
        file,
        onProgress: (p) => progress.push(p),
      }),
    ).resolves.toEqual(ref);
    const [url, body, config] = http.post.mock.calls[0] as [string, FormData, Record<string, unknown>];
    expect(url).toBe('/sys/form/data/attachment/upload');
    expect([...body.keys()]).toEqual(['ownerKind', 'ownerId', 'step', 'field', 'file']);
    expect(body.get('ownerKind')).toBe('activity');
    expect(body.get('field')).toBe('groups.0.files');
    expect((body.get('file') as File).name).toBe('a.pdf');
    expect(config).toMatchObject({ silent: true });
    expect(progress).toEqual([25]);
  });

  it('names a resource as the owner of a record form’s file, with no step', async () => {
    http.post.mockResolvedValue({
      data: { code: 0, msg: 'ok', data: { id: '9d2e4f61-7a8b-4c3d-8e5f-1a2b3c4d5e02', name: 'b.pdf', size: 4, type: 'pdf' } },
    });
    await uploadAttachment({
      target: { ownerKind: 'resource', ownerId: 'fixture-need' },
      field: 'evidence',
      file: new File(['%PDF'], 'b.pdf'),
    });
    const body = http.post.mock.calls[0]![1] as FormData;
    expect([...body.entries()].filter(([key]) => key !== 'file')).toEqual([
      ['ownerKind', 'resource'],
      ['ownerId', 'fixture-need'],
      ['field', 'evidence'],
    ]);
  });

  it('downloads through the authenticated client as a blob', async () => {
    const blob = new Blob(['x']);
    http.get.mockResolvedValue({ data: blob });
    await expect(fetchAttachment('9d2e4f61-7a8b-4c3d-8e5f-1a2b3c4d5e01')).resolves.toBe(blob);
    expect(http.get).toHaveBeenCalledWith('/sys/form/data/attachment/9d2e4f61-7a8b-4c3d-8e5f-1a2b3c4d5e01', { responseType: 'blob' });
  });
});
