import { publicFilePath } from '../api/endpoints';

/** A file reference as an Upload field's value holds it. */
export interface StoredImage {
  id: string;
  name: string;
  size?: number;
}

const isStoredImage = (value: unknown): value is StoredImage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredImage).id === 'string' &&
  typeof (value as StoredImage).name === 'string';

/** The images an Upload field's value holds (file references), in their order. */
export function imagesOf(value: unknown): StoredImage[] {
  return Array.isArray(value) ? value.filter(isStoredImage) : [];
}

/** The public address of the first image an Upload field's value holds, if it holds one. */
export function firstImagePath(value: unknown): string | undefined {
  const image = imagesOf(value)[0];
  return image && publicFilePath(image.id);
}
