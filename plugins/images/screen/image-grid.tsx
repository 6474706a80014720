// The grid of image cards with drag-to-reorder by mouse/touch (pointer events) and by keyboard
// (focus a handle; arrow keys move 25 px, Enter or Space drops, Escape cancels). A drop sends the full order.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ImageCard, type HandleEvents } from './image-card.js';
import { arrowStep, dropIndex, moveItem, type Box } from './reorder.js';
import type { ProductImage } from './types.js';

interface Drag {
  id: number;
  from: number;
  mode: 'pointer' | 'keyboard';
  startX: number;
  startY: number;
  dx: number;
  dy: number;
  boxes: Box[];
}

export interface ImageGridProps {
  images: ProductImage[];
  onReorder: (imageIds: number[]) => void;
  onSetPrimary: (image: ProductImage) => void;
  onSaveAlt: (image: ProductImage, alt: string) => Promise<boolean>;
  onDelete: (image: ProductImage) => void;
}

/** The cards, in position order. */
export function ImageGrid({ images, onReorder, onSetPrimary, onSaveAlt, onDelete }: ImageGridProps) {
  const grid = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const update = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  // Card boxes are measured once when a drag starts: the others do not move while it lasts.
  const measure = (): Box[] =>
    [...(grid.current?.querySelectorAll<HTMLElement>('.image-card') ?? [])].map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, width: r.width, height: r.height };
    });

  const start = (image: ProductImage, index: number, mode: Drag['mode'], x = 0, y = 0) => {
    update({ id: image.id, from: index, mode, startX: x, startY: y, dx: 0, dy: 0, boxes: measure() });
    if (mode === 'keyboard')
      setAnnouncement(`Picked up image ${index + 1} of ${images.length}. Use the arrow keys to move it, Enter or Space to drop, Escape to cancel.`);
  };

  const target = (d: Drag) => dropIndex(d.boxes, d.from, d.dx, d.dy);

  const drop = () => {
    const d = dragRef.current;
    if (!d) return;
    update(null);
    const to = target(d);
    if (to === d.from) {
      setAnnouncement('Image dropped in its place.');
      return;
    }
    setAnnouncement(`Image moved to position ${to + 1} of ${images.length}.`);
    onReorder(
      moveItem(
        images.map((i) => i.id),
        d.from,
        to,
      ),
    );
  };

  const cancel = (message = 'Reordering cancelled.') => {
    if (!dragRef.current) return;
    update(null);
    setAnnouncement(message);
  };

  const handleFor = (image: ProductImage, index: number): HandleEvents => ({
    onPointerDown(e: PointerEvent<HTMLButtonElement>) {
      if (e.button !== 0 || dragRef.current) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      start(image, index, 'pointer', e.clientX, e.clientY);
    },
    onPointerMove(e) {
      const d = dragRef.current;
      if (d?.mode !== 'pointer' || d.id !== image.id) return;
      update({ ...d, dx: e.clientX - d.startX, dy: e.clientY - d.startY });
    },
    onPointerUp(e) {
      const d = dragRef.current;
      if (d?.mode !== 'pointer') return;
      e.currentTarget.releasePointerCapture?.(e.pointerId);
      drop();
    },
    onPointerCancel() {
      if (dragRef.current?.mode === 'pointer') cancel();
    },
    onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
      const d = dragRef.current;
      const step = arrowStep(e.key);
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        if (d) drop();
        else start(image, index, 'keyboard');
      } else if (step) {
        e.preventDefault();
        const current =
          d ??
          (() => {
            start(image, index, 'keyboard');
            return dragRef.current!;
          })();
        update({ ...current, dx: current.dx + step.dx, dy: current.dy + step.dy });
      } else if (e.key === 'Escape' && d) {
        e.preventDefault();
        cancel();
      }
    },
    onBlur() {
      if (dragRef.current?.mode === 'keyboard') cancel();
    },
  });

  const dropAt = drag ? target(drag) : -1;
  return (
    <>
      <div className="image-grid" ref={grid}>
        {images.map((image, index) => (
          <ImageCard
            key={image.id}
            image={image}
            index={index}
            count={images.length}
            dragging={drag?.id === image.id}
            dropTarget={drag !== null && dropAt === index && drag.from !== index}
            offset={drag?.id === image.id ? { dx: drag.dx, dy: drag.dy } : undefined}
            handle={handleFor(image, index)}
            onSetPrimary={() => onSetPrimary(image)}
            onSaveAlt={(alt) => onSaveAlt(image, alt)}
            onDelete={() => onDelete(image)}
          />
        ))}
      </div>
      <p className="visually-hidden" aria-live="assertive">
        {announcement}
      </p>
    </>
  );
}
