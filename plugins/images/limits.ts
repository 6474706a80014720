// The image rules in one place (docs/spec.md §9: at most 5 MB; jpeg, png, webp).

/** Largest accepted upload: 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest decoded picture (a 40 MP photo is far above any phone's); bigger ones would eat the mini PC's memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side of the display variant and of the thumbnail. */
export const DISPLAY_MAX_PX = 1600;
export const THUMB_MAX_PX = 320;
/** Photos one style (all its sizes) can hold (keeps the management list one page). */
export const MAX_IMAGES_PER_STYLE = 50;
/** Longest alt text. */
export const MAX_ALT_LENGTH = 500;
/** How long a presigned upload ticket stays valid. */
export const TICKET_TTL_SECONDS = 10 * 60;
/** Uploaded files never attached to a product are removed after this long. */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Human text for the size limit, used in messages. */
export const MAX_SIZE_TEXT = '5MB';
/** Pictures decoded at once (each can take tens of MB: see decode-queue.ts). */
export const MAX_PARALLEL_DECODES = 1;
/** Uploads waiting for a decode before new ones are told to try again (503). */
export const MAX_WAITING_DECODES = 16;
