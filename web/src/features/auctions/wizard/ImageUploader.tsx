import { DeleteOutlined, StarFilled, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useRef, useState, type RefObject } from 'react';
import { imageProblem, moveImage, removeImage, WIZARD_MESSAGES } from './wizard-rules';

export interface WizardImage {
  key: string;
  /** A new file to upload on submit... */
  file?: File;
  /** ...or an image the lot already has. */
  id?: string;
  /** The new file's object URL, or the saved image's thumbnail URL (the brand's default image when the file is missing). */
  preview: string | null;
}

export interface ImageGroupValue {
  images: WizardImage[];
  cover: number;
}

/** The group with `files` appended, or the problem (type, size or count) that refuses them. */
function addImages(value: ImageGroupValue, list: File[], limit: number): { problem: string | null; next?: ImageGroupValue } {
  const bad = list.map(imageProblem).find((message) => message !== null);
  if (bad) return { problem: bad };
  if (value.images.length + list.length > limit) return { problem: WIZARD_MESSAGES.imageLimit(limit) };
  const added = list.map((file) => ({
    key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
    file,
    preview: URL.createObjectURL(file),
  }));
  return { problem: null, next: { images: [...value.images, ...added], cover: value.cover } };
}

/** One image of the group: draggable to reorder, with its cover star and delete button. */
function UploaderItem({
  image,
  index,
  label,
  value,
  showCover,
  fallback,
  dragged,
  onChange,
}: {
  image: WizardImage;
  index: number;
  label: string;
  value: ImageGroupValue;
  showCover: boolean;
  fallback: string;
  dragged: RefObject<number | null>;
  onChange: (next: ImageGroupValue) => void;
}) {
  return (
    <li
      className={`ts-uploader-item${showCover && index === value.cover ? ' ts-uploader-cover' : ''}`}
      draggable
      onDragStart={() => {
        dragged.current = index;
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={() => {
        if (dragged.current !== null) {
          const moved = moveImage(value.images, value.cover, dragged.current, index);
          onChange({ images: moved.items, cover: moved.cover });
        }
        dragged.current = null;
      }}
    >
      <img
        src={image.preview ?? fallback}
        alt={`${label} ${index + 1}`}
        onError={(event) => {
          const img = event.currentTarget;
          if (img.dataset.fallback) return;
          img.dataset.fallback = 'true';
          img.src = fallback;
        }}
      />
      <div className="ts-uploader-actions">
        {showCover ? (
          <Button
            size="small"
            type="text"
            icon={index === value.cover ? <StarFilled /> : <StarOutlined />}
            aria-label={index === value.cover ? 'Cover image' : 'Make cover image'}
            aria-pressed={index === value.cover}
            onClick={() => onChange({ images: value.images, cover: index })}
          />
        ) : null}
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Delete image ${index + 1}`}
          onClick={() => {
            const removed = removeImage(value.images, value.cover, index);
            onChange({ images: removed.items, cover: removed.cover });
          }}
        />
      </div>
    </li>
  );
}

/**
 * One image group's uploader (spec 001 section 2): the first image is the cover unless another is
 * chosen; images reorder by dragging; deleting the cover shifts it; type, size and count errors.
 */
export function ImageUploader({
  label,
  value,
  limit,
  onChange,
  error,
  showCover,
  fallback,
}: {
  /** No longer needed (saved images carry their URL in `preview`); accepted so other callers keep compiling. */
  brand?: string;
  fallback: string;
  label: string;
  value: ImageGroupValue;
  limit: number;
  onChange: (next: ImageGroupValue) => void;
  error?: string;
  showCover: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const dragged = useRef<number | null>(null);
  const add = (files: FileList | null) => {
    if (!files) return;
    const added = addImages(value, [...files], limit);
    setProblem(added.problem);
    if (added.next) onChange(added.next);
  };
  const inputId = `upload-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="ts-uploader" aria-label={`${label} images`}>
      <div className="ts-uploader-head">
        <Typography.Title level={3} className="ts-uploader-title">
          {label}
        </Typography.Title>
        <Typography.Text type="secondary">
          {value.images.length} / {limit}
        </Typography.Text>
        <label htmlFor={inputId} className="ts-visually-hidden">
          Add {label} images
        </label>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          multiple
          hidden
          // Ant Design's form reset shows file inputs (`.ant-form input[type='file'] { display: block }`) despite `hidden`.
          style={{ display: 'none' }}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
          data-testid={`upload-input-${label.toLowerCase()}`}
        />
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          Add images
        </Button>
      </div>
      {problem ? <Alert type="error" title={problem} showIcon role="alert" /> : null}
      {error && !problem ? <Alert type="error" title={error} showIcon role="alert" /> : null}
      <ol className="ts-uploader-grid">
        {value.images.map((image, index) => (
          <UploaderItem
            key={image.key}
            image={image}
            index={index}
            label={label}
            value={value}
            showCover={showCover}
            fallback={fallback}
            dragged={dragged}
            onChange={onChange}
          />
        ))}
      </ol>
    </section>
  );
}
