// The upload area: a file picker for jpeg, png and webp (several at once) that also takes dropped files.
import { useRef, useState } from 'react';
import { ACCEPTED_TYPES } from './upload-rules.js';

export interface UploadAreaProps {
  busy: boolean;
  onFiles: (files: File[]) => void;
}

/** Click or drop files; each chosen batch goes to onFiles. */
export function UploadArea({ busy, onFiles }: UploadAreaProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only a drop target for dragged files; the file input inside is the keyboard and touch way
    <div
      className={`upload-area${over ? ' upload-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!busy) onFiles([...e.dataTransfer.files]);
      }}
    >
      <label htmlFor="image-upload-input" className="upload-label">
        <span className="upload-icon" aria-hidden="true">
          ⇪
        </span>
        <strong>{busy ? 'Uploading...' : 'Click to upload or drag and drop'}</strong>
        <small className="muted">PNG, JPG, WEBP up to 5MB each</small>
      </label>
      <input
        id="image-upload-input"
        ref={input}
        type="file"
        accept={ACCEPTED_TYPES}
        multiple
        disabled={busy}
        aria-label="Upload images"
        className="upload-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Reset so choosing the same file again fires a change.
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
