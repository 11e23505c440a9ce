// @vitest-environment happy-dom
import { createForm, type Form } from '@formily/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/client/api/api-error';
import { refuseFile } from '../../../src/client/engine/attachment-upload';
import { engineTexts } from '../../../src/client/engine/engine-texts';
import { formatFileSize } from '../../../src/shared/rules/format-file-size';
import { setUpEngine } from '../../../src/client/engine/engine-setup';
import { SchemaForm } from '../../../src/client/engine/schema-form';
import { uploadFieldPath, UploadTargetContext } from '../../../src/client/engine/upload-target-context';
import type { FileRef } from '../../../src/shared/generated/file-ref';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { stubMatchMedia } from '../helpers/dom-setup';
import { loadAllComponents } from '../helpers/load-all-components';

const api = vi.hoisted(() => ({
  uploadAttachment: vi.fn(),
  fetchAttachment: vi.fn(),
  saveBlob: vi.fn(),
}));
vi.mock('../../../src/client/engine/attachment-api', () => api);

const schema: JsonSchema = {
  type: 'object',
  properties: {
    license: {
      type: 'array',
      title: '营业执照',
      maxItems: 2,
      'x-component': 'Upload',
      'x-upload': { accept: ['pdf', 'jpg', 'png'], maxSize: 5242880 },
      items: { $ref: 'https://schemas.kechuang.local/api/file-ref.schema.json' },
    },
    groups: {
      type: 'array',
      title: '材料分组',
      'x-component': 'ArrayCards',
      items: {
        type: 'object',
        properties: {
          files: {
            type: 'array',
            title: '文件',
            'x-component': 'Upload',
            'x-upload': { accept: ['pdf'], maxSize: 1024 },
            items: { $ref: 'https://schemas.kechuang.local/api/file-ref.schema.json' },
          },
        },
      },
    },
  },
};

const ref = (id: string, name: string, size = 2048): FileRef => ({ id, name, size, type: 'pdf' });

beforeAll(() => {
  stubMatchMedia();
  setUpEngine('zh-CN');
});
// The lazy widgets up front: a cold import under Vitest would eat the tests' 1 s waits.
beforeAll(loadAllComponents);

beforeEach(() => {
  api.uploadAttachment.mockReset();
  api.fetchAttachment.mockReset();
  api.saveBlob.mockReset();
});

afterEach(() => cleanup());

async function renderUpload(values: Record<string, unknown> = {}): Promise<Form> {
  const form = createForm({ values });
  render(
    <UploadTargetContext.Provider
      value={{ ownerKind: 'activity', ownerId: 'hightech-cultivation', step: 'attachments', pathPrefix: 'attachments' }}
    >
      <SchemaForm form={form} schema={{ type: 'object', properties: { attachments: schema } }} locale="zh-CN" />
    </UploadTargetContext.Provider>,
  );
  await screen.findByText('营业执照');
  return form;
}

function pick(input: HTMLElement, ...files: File[]): void {
  fireEvent.change(input, { target: { files } });
}

const licenseInput = (): HTMLElement => screen.getAllByTestId('attachment-input')[0]!;

describe('refuseFile', () => {
  const texts = engineTexts('zh-CN');

  it('refuses a type outside x-upload.accept and a file over maxSize in the server wording', () => {
    expect(refuseFile({ name: 'a.exe', size: 10 }, ['pdf', 'jpg', 'png'], 5242880, texts)).toBe('仅支持上传 PDF、JPG、PNG 格式的文件');
    expect(refuseFile({ name: 'a.PDF', size: 5242881 }, ['pdf', 'jpg', 'png'], 5242880, texts)).toBe('文件大小不能超过 5 MB');
    expect(refuseFile({ name: 'a.pdf', size: 0 }, ['pdf'], 5242880, texts)).toBe('不能上传空文件');
    expect(refuseFile({ name: 'photo.JPEG', size: 5242880 }, ['pdf', 'jpg', 'png'], 5242880, texts)).toBeUndefined();
    expect(refuseFile({ name: 'noextension', size: 1 }, ['pdf'], 10, texts)).toBe('仅支持上传 PDF 格式的文件');
  });

  it('formats sizes for people', () => {
    expect([formatFileSize(512), formatFileSize(2048), formatFileSize(5 * 1024 * 1024)]).toEqual(['512 B', '2.00 K', '5.00 M']);
  });
});

describe('uploadFieldPath', () => {
  it('gives the dotted path inside the step, array indexes included', () => {
    expect(uploadFieldPath('attachments.groups.0.files', { pathPrefix: 'attachments' })).toBe('groups.0.files');
    expect(uploadFieldPath('groups.0.files', {})).toBe('groups.0.files');
  });
});

describe('<AttachmentUpload>', () => {
  it('refuses a wrong type or an oversized file before sending anything', async () => {
    await renderUpload();
    pick(licenseInput(), new File(['x'], 'virus.exe'));
    expect(await screen.findByText('virus.exe：仅支持上传 PDF、JPG、PNG 格式的文件')).toBeTruthy();
    pick(licenseInput(), new File([new Uint8Array(5242881)], 'big.pdf'));
    expect(await screen.findByText('big.pdf：文件大小不能超过 5 MB')).toBeTruthy();
    expect(api.uploadAttachment).not.toHaveBeenCalled();
  });

  it('uploads to the step and field path, shows progress, then the name (as text) and the size', async () => {
    let finish: (value: FileRef) => void = () => undefined;
    api.uploadAttachment.mockImplementation(({ onProgress }: { onProgress: (p: number) => void }) => {
      onProgress(40);
      return new Promise<FileRef>((resolve) => (finish = resolve));
    });
    const form = await renderUpload();
    const evil = '<img src=x onerror=alert(1)>.pdf';
    pick(licenseInput(), new File(['%PDF'], evil));
    await waitFor(() => expect(api.uploadAttachment).toHaveBeenCalledTimes(1));
    expect(api.uploadAttachment.mock.calls[0]![0]).toMatchObject({
      target: { ownerKind: 'activity', ownerId: 'hightech-cultivation', step: 'attachments' },
      field: 'license',
    });
    expect(await screen.findByRole('progressbar')).toBeTruthy();

    await act(async () => finish(ref('9d2e4f61-7a8b-4c3d-8e5f-1a2b3c4d5e01', evil)));
    expect(await screen.findByText(evil)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('2.00 K')).toBeTruthy();
    expect(form.values['attachments']).toMatchObject({ license: [{ id: '9d2e4f61-7a8b-4c3d-8e5f-1a2b3c4d5e01', name: evil }] });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the server refusal under the button', async () => {
    api.uploadAttachment.mockRejectedValue(new ApiError('仅支持上传 PDF、JPG、PNG 格式的文件', 415, 415, []));
    const form = await renderUpload();
    pick(licenseInput(), new File(['not really'], 'fake.pdf'));
    expect(await screen.findByText('fake.pdf：仅支持上传 PDF、JPG、PNG 格式的文件')).toBeTruthy();
    expect(form.values['attachments']?.['license'] ?? []).toEqual([]);
  });

  it('removes a file and downloads one through the API as a blob', async () => {
    const blob = new Blob(['%PDF']);
    api.fetchAttachment.mockResolvedValue(blob);
    const first = ref('9d2e4f61-7a8b-4c3d-8e5f-1a2b3c4d5e01', '营业执照.pdf');
    const second = ref('9d2e4f61-7a8b-4c3d-8e5f-1a2b3c4d5e02', '副本.pdf');
    const form = await renderUpload({ attachments: { license: [first, second] } });
    // Full at maxItems: the upload button is disabled.
    expect((screen.getAllByRole('button', { name: '上传文件' })[0] as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '下载 营业执照.pdf' }));
    await waitFor(() => expect(api.saveBlob).toHaveBeenCalledWith(blob, '营业执照.pdf'));
    expect(api.fetchAttachment).toHaveBeenCalledWith(first.id);

    fireEvent.click(screen.getByRole('button', { name: '删除 营业执照.pdf' }));
    await waitFor(() => expect((form.values['attachments'] as { license: FileRef[] }).license).toEqual([second]));
  });

  it('sends the row index in the field path of an Upload inside an array card', async () => {
    api.uploadAttachment.mockResolvedValue(ref('9d2e4f61-7a8b-4c3d-8e5f-1a2b3c4d5e03', 'plan.pdf', 100));
    await renderUpload({ attachments: { groups: [{}, {}] } });
    const inputs = await screen.findAllByTestId('attachment-input');
    pick(inputs[2]!, new File(['%PDF'], 'plan.pdf'));
    await waitFor(() => expect(api.uploadAttachment).toHaveBeenCalledTimes(1));
    expect(api.uploadAttachment.mock.calls[0]![0]).toMatchObject({ field: 'groups.1.files' });
  });
});
