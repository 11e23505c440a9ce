import { publicFilePath } from '../../../shared/api/endpoints';
import { imagesOf } from '../../../shared/resource/record-images';

/**
 * A public record's first image at a fixed aspect ratio (no layout shift while it loads), read through
 * the public file route; without one, a tinted block with the title's first character, so that every card
 * keeps the same geometry. Decorative (alt ""): the title is read out beside it.
 */
export function RecordImage({
  value,
  title,
  className,
  first = false,
}: {
  value: unknown;
  title: string;
  className: string;
  first?: boolean;
}) {
  const image = imagesOf(value)[0];
  if (!image)
    return (
      <div className={`${className} kc-image-placeholder`} aria-hidden="true">
        <span>{[...title][0] ?? ''}</span>
      </div>
    );
  // The list's first image is often its largest paint: fetched at once (the server names it in the page,
  // firstScreenImages), the others as they come near the screen.
  return (
    <img
      className={className}
      src={publicFilePath(image.id)}
      alt=""
      loading={first ? 'eager' : 'lazy'}
      decoding="async"
      width={640}
      height={360}
    />
  );
}
