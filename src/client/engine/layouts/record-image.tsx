import { publicFilePath } from '../../../shared/api/endpoints';

interface StoredFile {
  id: string;
  name: string;
  size?: number;
}

const isStoredFile = (value: unknown): value is StoredFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredFile).id === 'string' &&
  typeof (value as StoredFile).name === 'string';

/** The images an Upload field's value holds (file references), in their order. */
export function imagesOf(value: unknown): StoredFile[] {
  return Array.isArray(value) ? value.filter(isStoredFile) : [];
}

/**
 * A public record's first image at a fixed aspect ratio (no layout shift while it loads), read through
 * the public file route; without one, a tinted block with the title's first character, so that every card
 * keeps the same geometry. Decorative (alt ""): the title is read out beside it.
 */
export function RecordImage({ value, title, className }: { value: unknown; title: string; className: string }) {
  const first = imagesOf(value)[0];
  if (!first)
    return (
      <div className={`${className} kc-image-placeholder`} aria-hidden="true">
        <span>{[...title][0] ?? ''}</span>
      </div>
    );
  return <img className={className} src={publicFilePath(first.id)} alt="" loading="lazy" decoding="async" width={640} height={360} />;
}
