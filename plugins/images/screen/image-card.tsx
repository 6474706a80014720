// One image card: thumbnail, Primary badge, drag handle, alt text editing, Set Primary and Delete.
import { useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import type { ProductImage } from './types.js';

export interface HandleEvents {
  onPointerDown: (e: PointerEvent<HTMLButtonElement>) => void;
  onPointerMove: (e: PointerEvent<HTMLButtonElement>) => void;
  onPointerUp: (e: PointerEvent<HTMLButtonElement>) => void;
  onPointerCancel: (e: PointerEvent<HTMLButtonElement>) => void;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
  onBlur: () => void;
}

export interface ImageCardProps {
  image: ProductImage;
  index: number;
  count: number;
  dragging: boolean;
  dropTarget: boolean;
  offset?: { dx: number; dy: number };
  handle: HandleEvents;
  onSetPrimary: () => void;
  onSaveAlt: (alt: string) => Promise<boolean>;
  onDelete: () => void;
}

/** A card in the image grid. */
export function ImageCard({ image, index, count, dragging, dropTarget, offset, handle, onSetPrimary, onSaveAlt, onDelete }: ImageCardProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const style: CSSProperties | undefined = dragging && offset ? { transform: `translate(${offset.dx}px, ${offset.dy}px)`, zIndex: 2 } : undefined;
  const classes = ['image-card', dragging ? 'is-dragging' : '', dropTarget ? 'is-drop-target' : '', image.isPrimary ? 'is-primary' : '']
    .filter(Boolean)
    .join(' ');

  const save = async () => {
    setSaving(true);
    const ok = await onSaveAlt(draft.trim());
    setSaving(false);
    if (ok) setEditing(false);
  };

  return (
    <article className={classes} style={style} data-image-id={image.id} data-index={index}>
      <div className="image-card-media">
        <img src={image.thumbUrl} alt={image.alt ?? ''} loading="lazy" className="image-thumb" draggable={false} />
        {image.isPrimary ? <span className="badge badge-green primary-badge">Primary</span> : null}
        <button
          type="button"
          className="drag-handle"
          aria-label={`Drag to reorder image ${index + 1} of ${count}`}
          aria-roledescription="sortable"
          aria-pressed={dragging}
          title="Drag to reorder (keyboard: arrow keys, Enter or Space to drop)"
          {...handle}
        >
          ⠿
        </button>
      </div>
      <div className="image-card-body">
        {editing ? (
          <div className="alt-editor">
            <input
              type="text"
              aria-label="Alt text"
              value={draft}
              maxLength={500}
              autoFocus
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void save();
                }
                if (e.key === 'Escape') setEditing(false);
              }}
            />
            <div className="card-actions">
              <button type="button" disabled={saving} onClick={() => void save()}>
                Save
              </button>
              <button type="button" className="secondary outline" disabled={saving} onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className="alt-view">
            <p className={image.alt ? 'alt-text' : 'alt-text muted alt-empty'}>{image.alt || 'No alt text'}</p>
            <button
              type="button"
              className="secondary outline small"
              onClick={() => {
                setDraft(image.alt ?? '');
                setEditing(true);
              }}
            >
              Edit
            </button>
          </div>
        )}
        <div className="card-actions">
          {!image.isPrimary ? (
            <button type="button" className="outline small" onClick={onSetPrimary}>
              Set Primary
            </button>
          ) : null}
          <button type="button" className="outline small danger" onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}
